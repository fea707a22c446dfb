import { useState } from 'react';
import { CalendarCheck, CalendarX, CircleCheck, CirclePause, CreditCard, Landmark } from 'lucide-react';
import { AUTOPAY_FAILURES_TO_TURN_OFF } from '@rentwise/libs/autopay';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import { isNotFound, refusalMessage } from '../../app/apiError';
import { weekdayDateLabel } from '../../app/dates';
import { paths } from '../../app/paths';
import { autopayMonthLabel, useGetTenantAutopayQuery, type AutopayView } from '../../app/tenantAutopayApi';
import { AutopayRunPill } from '../../components/AutopayRunPill';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { RemovalSection } from '../../components/RemovalSection';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import { AutopayForm } from './AutopayForm';
import { useSkipAutopayMonthMutation, useTurnOffAutopayMutation } from './autopayApi';
import { autopayMethodKinds, autopayMethodLabel } from './autopayMethod';
import './autopay.css';

function AutopayLoading() {
  return (
    <Card padding="lg" className="autopay-status" aria-busy="true" aria-label="Loading autopay">
      <Skeleton width="9rem" height="1.5rem" />
      <Skeleton width="80%" />
      <Skeleton width="60%" />
    </Card>
  );
}

/** Why autopay is off, when the tenant did not turn it off themselves. */
function TurnedOffNotice({ view }: { view: AutopayView }) {
  const reason = view.turnedOffReason;
  if (reason === 'failures' && view.method?.kind === 'card') {
    return (
      <Notice tone="warning" title="Autopay turned itself off after failed payments">
        {AUTOPAY_FAILURES_TO_TURN_OFF} months in a row, your card was declined for the automatic payment. Check the card with its bank or add
        another, then turn autopay on again below, or pay by hand.
      </Notice>
    );
  }
  if (reason === 'failures') {
    return (
      <Notice tone="warning" title="Autopay turned itself off after failed payments">
        {AUTOPAY_FAILURES_TO_TURN_OFF} months in a row, your bank did not pay the automatic payment. Check the account has enough in it, then
        turn autopay on again below, or pay by hand.
      </Notice>
    );
  }
  if (reason === 'account_blocked') {
    return (
      <Notice tone="danger" title="Autopay is off: your bank account can’t be debited">
        Your bank refused a debit from this account (it may be closed or not allow debits). Choose another account below, or link a new one.
      </Notice>
    );
  }
  return null;
}

/** On or off, and while on, the next automatic payment with Skip this month / Don’t skip. */
function AutopayStatus({ view }: { view: AutopayView }) {
  const [skipMonth, { isLoading: isSkipping }] = useSkipAutopayMonthMutation();
  const next = view.isOn ? view.next : null;
  const byCard = view.method?.kind === 'card';
  const feeCents = byCard ? view.cardFeeCents : view.bankFeeCents;

  async function setSkipped(month: string, skip: boolean) {
    try {
      const answer = await skipMonth({ month, skip }).unwrap();
      showToast(answer.message || (skip ? MESSAGES.autopayMonthSkipped : MESSAGES.autopayMonthRestored), { tone: 'success' });
    } catch (error) {
      showToast(refusalMessage(error) ?? MESSAGES.unexpectedError, { tone: 'error' });
    }
  }

  return (
    <Card as="section" padding="lg" className={`autopay-status autopay-status--${view.isOn ? 'on' : 'off'}`} aria-labelledby="autopay-status-title">
      <h2 id="autopay-status-title" className="autopay-status__title">
        {view.isOn ? <CircleCheck aria-hidden="true" size={24} /> : <CirclePause aria-hidden="true" size={24} />}
        Autopay is {view.isOn ? 'on' : 'off'}
      </h2>
      {view.isOn && view.method && (
        <p className="autopay-status__from muted">
          {view.method.kind === 'card' ? <CreditCard aria-hidden="true" size={16} /> : <Landmark aria-hidden="true" size={16} />}
          From {autopayMethodLabel(view.method)}
        </p>
      )}
      {!view.isOn && <TurnedOffNotice view={view} />}

      {next && (
        <div className={`autopay-next${next.skipped ? ' autopay-next--skipped' : ''}`}>
          {next.skipped ? (
            <>
              <CalendarX aria-hidden="true" size={20} className="autopay-next__icon" />
              <p className="autopay-next__text">
                <strong>{autopayMonthLabel(next.period)} rent is skipped.</strong> Nothing will be taken on{' '}
                <time dateTime={next.debitAt}>{weekdayDateLabel(next.debitAt, view.timeZone)}</time>: please pay it by hand.
              </p>
            </>
          ) : (
            <>
              <CalendarCheck aria-hidden="true" size={20} className="autopay-next__icon" />
              <p className="autopay-next__text">
                Next automatic payment:{' '}
                <strong className="tabular">
                  <span aria-hidden="true">~</span>
                  <span className="visually-hidden">about </span>
                  {formatCents(next.estimatedCents)}
                </strong>{' '}
                on <time dateTime={next.debitAt}>{weekdayDateLabel(next.debitAt, view.timeZone)}</time> for {autopayMonthLabel(next.period)} rent
                {feeCents > 0 && (
                  <span className="tabular">
                    , plus the {formatCents(feeCents)} {byCard ? 'processing' : 'bank'} fee
                  </span>
                )}
                .
              </p>
            </>
          )}
          <Button variant="secondary" className="autopay-next__skip" isLoading={isSkipping} onClick={() => void setSkipped(next.period, !next.skipped)}>
            {next.skipped ? 'Don’t skip' : 'Skip this month'}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** The last automatic payments: month, amount, status and the bank's reason when one failed. */
function RecentAutopayPayments({ view }: { view: AutopayView }) {
  return (
    <Card as="section" padding="lg" className="autopay-recent" aria-labelledby="autopay-recent-title">
      <h2 id="autopay-recent-title" className="autopay-section__title">
        Recent automatic payments
      </h2>
      {view.recentPayments.length === 0 ? (
        <p className="muted">None yet. Each month’s automatic payment will show here.</p>
      ) : (
        <ul className="autopay-recent__list">
          {view.recentPayments.map((run) => (
            <li key={`${run.period}-${run.attempt}`} className="autopay-recent__row">
              <span className="autopay-recent__month">
                {autopayMonthLabel(run.period)}
                {run.attempt > 1 && <span className="muted"> · retry</span>}
              </span>
              <span className="autopay-recent__amount tabular">{formatCents(run.amountCents)}</span>
              <AutopayRunPill status={run.status} />
              {run.failureMessage && <span className="autopay-recent__failure">{run.failureMessage}</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function TurnOffAutopay() {
  const [confirming, setConfirming] = useState(false);
  const [turnOff, { isLoading }] = useTurnOffAutopayMutation();

  async function confirm() {
    try {
      const answer = await turnOff().unwrap();
      showToast(answer.message || MESSAGES.autopayOff, { tone: 'success' });
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      showToast(refusalMessage(error) ?? MESSAGES.unexpectedError, { tone: 'error' });
    }
  }

  return (
    <>
      <RemovalSection title="Turn off autopay" buttonLabel="Turn off autopay" onRemove={() => setConfirming(true)}>
        No more automatic payments will be taken. You can pay by hand, or turn autopay on again at any time.
      </RemovalSection>
      <ConfirmDialog
        open={confirming}
        title="Turn off autopay?"
        confirmLabel="Turn off autopay"
        cancelLabel="Keep autopay"
        isWorking={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>No automatic payment will be taken after this. A payment already on its way still completes.</p>
      </ConfirmDialog>
    </>
  );
}

/** What the tenant can set up, given whether their landlord takes bank debits, cards, or neither. */
function AutopaySettings({ view }: { view: AutopayView }) {
  if (autopayMethodKinds(view).length === 0) {
    return (
      <Notice tone="info" title="Autopay isn’t available yet">
        {MESSAGES.autopayNotOffered}
      </Notice>
    );
  }
  return (
    <Card padding="lg">
      <AutopayForm view={view} />
    </Card>
  );
}

/** /tenant/autopay (issue 37): rent taken from a saved bank account or card each month, on a day the tenant chooses. */
export function AutopayPage() {
  const { data: view, error, isLoading, isFetching, refetch } = useGetTenantAutopayQuery();

  return (
    <div className="app-page autopay-page">
      <PageHeader
        back={{ to: paths.tenant.dashboard.getHref(), label: 'Dashboard' }}
        title="Autopay"
        description="Rent paid automatically each month, on the day you choose. You’re emailed before each payment."
      />
      {isLoading && <AutopayLoading />}
      {!view && error && isNotFound(error) && (
        <Notice tone="info" title="There’s no rent to pay automatically yet">
          Once your landlord adds you to a home on Rentwise, you can turn on autopay here.
        </Notice>
      )}
      {!view && error && !isNotFound(error) && <LoadFailed what="Autopay" retry={() => void refetch()} retrying={isFetching} />}
      {view && (
        <>
          <AutopayStatus view={view} />
          <AutopaySettings view={view} />
          {view.isOn && <TurnOffAutopay />}
          <RecentAutopayPayments view={view} />
        </>
      )}
    </div>
  );
}
