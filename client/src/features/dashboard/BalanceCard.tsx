import { Link } from 'react-router-dom';
import { CircleCheck, CreditCard, ScrollText } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';
import { isNotFound } from '../../app/apiError';
import { dateLabel } from '../../app/dates';
import { paths } from '../../app/paths';
import { autopayMonthLabel, useGetTenantAutopayQuery } from '../../app/tenantAutopayApi';
import { balanceStanding, useGetTenantBalanceQuery } from '../../app/tenantBalanceApi';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LoadFailed } from '../../components/LoadFailed';
import { PaymentStatusPill, paymentStatusLabel } from '../../components/PaymentStatusPill';
import { Skeleton } from '../../components/Skeleton';
import './balanceCard.css';

function BalanceLoading() {
  return (
    <Card as="section" className="balance-card" aria-busy="true" aria-label="Loading your balance">
      <Skeleton width="7rem" />
      <Skeleton width="10rem" height="2.25rem" shape="block" />
      <Skeleton width="80%" />
      <Skeleton width="60%" />
    </Card>
  );
}

/**
 * Autopay in one line (issue 37): the next automatic payment, linked to its page, or a link to set it
 * up. Nothing while it loads, when it did not load, or when the landlord can take neither bank debits
 * nor cards for it.
 */
function AutopayFact() {
  const { data: autopay } = useGetTenantAutopayQuery();
  if (!autopay || (!autopay.isOn && !autopay.offered && !autopay.cardOffered)) return null;
  const href = paths.tenant.autopay.getHref();
  const next = autopay.isOn ? autopay.next : null;
  let fact;
  if (next?.skipped) fact = <Link to={href}>{autopayMonthLabel(next.period)} skipped</Link>;
  else if (next) {
    fact = (
      <Link to={href} className="tabular">
        {dateLabel(next.debitAt, autopay.timeZone)} for <span aria-hidden="true">~</span>
        <span className="visually-hidden">about </span>
        {formatCents(next.estimatedCents)}
      </Link>
    );
  } else if (autopay.isOn) fact = <Link to={href}>On</Link>;
  else {
    fact = (
      <>
        {autopay.turnedOffReason && autopay.turnedOffReason !== 'tenant' && <span className="balance-card__warning">Turned off · </span>}
        <Link to={href}>Set up autopay</Link>
      </>
    );
  }
  return (
    <div>
      <dt>Autopay</dt>
      <dd>{fact}</dd>
    </div>
  );
}

/**
 * The top of the tenant's dashboard: what they owe now (or that they are paid up, or their credit),
 * when rent is next due, their last payment and its status, with Pay rent and the ledger a tap away.
 */
export function BalanceCard() {
  const { data: balance, error, isLoading, refetch, isFetching } = useGetTenantBalanceQuery();
  if (isLoading) return <BalanceLoading />;
  // No current home: nothing is owed anywhere, and the rest of the dashboard says where they stand.
  if (!balance) return error && !isNotFound(error) ? <LoadFailed what="Your balance" retry={() => void refetch()} retrying={isFetching} /> : null;

  const standing = balanceStanding(balance.balanceCents);
  const last = balance.lastPayment;
  return (
    <Card as="section" className={`balance-card balance-card--${standing.tone}`} aria-labelledby="balance-card-title">
      <div className="balance-card__headline">
        {standing.tone === 'paid-up' ? (
          <h2 className="balance-card__paid-up" id="balance-card-title">
            <CircleCheck aria-hidden="true" size={24} />
            {standing.label}
          </h2>
        ) : (
          <>
            <h2 className="balance-card__label" id="balance-card-title">
              {standing.label}
            </h2>
            <p className="balance-card__amount tabular">{standing.amount}</p>
            {standing.tone === 'credit' && <p className="balance-card__note">You paid ahead: it counts toward your next rent.</p>}
          </>
        )}
      </div>

      <dl className="balance-card__facts">
        <div>
          <dt>Next due</dt>
          <dd>
            <time dateTime={balance.nextDue.dueAt}>{dateLabel(balance.nextDue.dueAt, balance.timeZone)}</time>
            <span className="tabular"> · {formatCents(balance.nextDue.amountCents)}</span>
          </dd>
        </div>
        <div>
          <dt>Last payment</dt>
          <dd>
            {last ? (
              <>
                <Link to={paths.tenant.paymentReceipt.getHref(last.receiptId)} className="tabular">
                  {formatCents(last.chargedCents)} on {dateLabel(last.paidAt)}
                </Link>{' '}
                <PaymentStatusPill label={paymentStatusLabel(last.status)} />
              </>
            ) : (
              'None yet'
            )}
          </dd>
        </div>
        <AutopayFact />
      </dl>

      <div className="balance-card__actions">
        <Button to={paths.tenant.payment.getHref()}>
          <CreditCard aria-hidden="true" size={18} />
          Pay rent
        </Button>
        <Button to={paths.tenant.ledger.getHref()} variant="ghost">
          <ScrollText aria-hidden="true" size={18} />
          View ledger
        </Button>
      </div>
    </Card>
  );
}
