import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRight, Inbox, Mail, Phone } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { telHref } from '@rentwise/libs/phone';
import type { RejectRegistrationInput } from '@rentwise/libs/schemas/registration-review.schema';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import { refusalMessage } from '../../app/apiError';
import { paths } from '../../app/paths';
import { formatAgo, formatDateTime } from './formatTime';
import {
  useApproveRegistrationMutation,
  useListRegistrationsQuery,
  useRejectRegistrationMutation,
  type RegistrationRow,
} from './operatorApi';
import { RejectDialog } from './RejectDialog';
import './operator.css';

const fullName = (row: RegistrationRow) => `${row.firstName} ${row.lastName}`;

function Contact({ row }: { row: RegistrationRow }) {
  return (
    <ul className="registration__contact">
      <li>
        <Mail aria-hidden="true" size={16} />
        <a href={`mailto:${row.email}`}>{row.email}</a>
      </li>
      <li>
        <Phone aria-hidden="true" size={16} />
        <a href={telHref(row.phone)}>{row.phone}</a>
      </li>
    </ul>
  );
}

function LoadingRows() {
  return (
    <ul className="registration-list" aria-hidden="true">
      {[0, 1].map((index) => (
        <li key={index}>
          <Card className="registration">
            <Skeleton width="40%" height="1.25rem" />
            <Skeleton width="70%" />
            <Skeleton width="50%" />
          </Card>
        </li>
      ))}
    </ul>
  );
}

function PendingQueue() {
  const { data: rows, isLoading, isError, refetch } = useListRegistrationsQuery('pending');
  const [approveRegistration, approval] = useApproveRegistrationMutation();
  const [rejectRegistration, rejection] = useRejectRegistrationMutation();
  const [approving, setApproving] = useState<RegistrationRow | null>(null);
  const [rejecting, setRejecting] = useState<RegistrationRow | null>(null);

  const approve = async () => {
    if (!approving) return;
    try {
      await approveRegistration(approving.registrationId).unwrap();
      showToast(`${fullName(approving)} approved. Their setup email is on its way.`, { tone: 'success' });
    } catch (error) {
      showToast(refusalMessage(error) ?? MESSAGES.unexpectedError, { tone: 'error' });
    }
    setApproving(null);
  };

  const reject = async ({ reason }: RejectRegistrationInput) => {
    if (!rejecting) return;
    try {
      await rejectRegistration({ registrationId: rejecting.registrationId, reason }).unwrap();
      showToast(`${fullName(rejecting)} rejected. We’ve emailed them your reason.`, { tone: 'success' });
    } catch (error) {
      showToast(refusalMessage(error) ?? MESSAGES.unexpectedError, { tone: 'error' });
    }
    setRejecting(null);
  };

  let content;
  if (isLoading) content = <LoadingRows />;
  else if (isError || !rows) content = <LoadFailed what="The registrations" retry={() => void refetch()} />;
  else if (rows.length === 0) {
    content = (
      <EmptyState icon={Inbox} title="No registrations waiting">
        New landlord sign-ups appear here for review. We promise landlords an answer within 24 hrs.
      </EmptyState>
    );
  } else {
    content = (
      <ul className="registration-list">
        {rows.map((row) => (
          <li key={row.registrationId}>
            <Card as="article" className="registration" aria-labelledby={`registration-${row.registrationId}`}>
              <div className="registration__head">
                <h3 id={`registration-${row.registrationId}`} className="registration__name">
                  {fullName(row)}
                </h3>
                <p className="registration__time">
                  Submitted <time dateTime={row.submittedAt}>{formatAgo(row.submittedAt)}</time>
                  <span className="registration__exact"> · {formatDateTime(row.submittedAt)}</span>
                </p>
              </div>
              <Contact row={row} />
              <div className="registration__actions">
                <Button onClick={() => setApproving(row)} aria-label={`Approve ${fullName(row)}`}>
                  Approve
                </Button>
                <Button variant="secondary" onClick={() => setRejecting(row)} aria-label={`Reject ${fullName(row)}`}>
                  Reject
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="pending-title" className="registrations-section">
      <h2 id="pending-title" className="registrations-section__title">
        Waiting for review
        {rows && rows.length > 0 && <span className="registrations-section__count">{rows.length}</span>}
      </h2>
      {content}
      <ConfirmDialog
        open={approving !== null}
        title={`Approve ${approving ? fullName(approving) : ''}?`}
        confirmLabel="Approve Registration"
        tone="primary"
        isWorking={approval.isLoading}
        onConfirm={() => void approve()}
        onCancel={() => setApproving(null)}
      >
        <p>
          We’ll email {approving?.email} the two setup steps: connect a payout account, then create a password.
        </p>
      </ConfirmDialog>
      <RejectDialog
        landlordName={rejecting ? fullName(rejecting) : null}
        isWorking={rejection.isLoading}
        onReject={(input) => void reject(input)}
        onCancel={() => setRejecting(null)}
      />
    </section>
  );
}

const PAYOUT_LABELS = {
  none: 'Payout account not connected yet',
  pending: 'Payout account not connected yet',
  restricted: 'Payout account connected, restricted by the provider',
  active: 'Payout account connected',
} as const;

function RecentlyReviewed() {
  const { data: rows, isLoading, isError, refetch } = useListRegistrationsQuery('reviewed');

  let content;
  if (isLoading) content = <LoadingRows />;
  else if (isError || !rows) content = <LoadFailed what="The registrations" retry={() => void refetch()} />;
  else if (rows.length === 0) content = <p className="muted">Nothing reviewed yet.</p>;
  else {
    content = (
      <ul className="registration-list">
        {rows.map((row) => (
          <li key={row.registrationId}>
            <Card as="article" className="registration registration--reviewed">
              <div className="registration__head">
                <h3 className="registration__name">{fullName(row)}</h3>
                <span className={`status-pill status-pill--${row.status === 'approved' ? 'success' : 'danger'}`}>
                  {row.status === 'approved' ? 'Approved' : 'Rejected'}
                </span>
              </div>
              <Contact row={row} />
              <p className="registration__time">
                Reviewed {row.reviewedAt && <time dateTime={row.reviewedAt}>{formatDateTime(row.reviewedAt)}</time>}
              </p>
              {row.status === 'rejected' && row.rejectionReason && (
                <p className="registration__reason">
                  <span className="visually-hidden">Reason: </span>“{row.rejectionReason}”
                </p>
              )}
              {row.status === 'approved' && (
                <div className="registration__footer">
                  <p className="registration__payout">{PAYOUT_LABELS[row.payoutConnected ? (row.payoutStatus ?? 'none') : 'none']}</p>
                  <Link className="registration__landlord-link" to={paths.operator.landlord.getHref(row.landlordUserId)}>
                    Landlord page<span className="visually-hidden"> of {fullName(row)}</span>
                    <ChevronRight aria-hidden="true" size={16} />
                  </Link>
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="reviewed-title" className="registrations-section">
      <h2 id="reviewed-title" className="registrations-section__title">
        Recently reviewed
      </h2>
      {content}
    </section>
  );
}

/** /operator/registrations: the review queue, oldest first, and what was decided lately. */
export function RegistrationsPage() {
  return (
    <div className="container container--narrow operator-page">
      <PageHeader
        eyebrow="Operator"
        title="Landlord Registrations"
        description="Approving emails the landlord their two setup steps. Rejecting emails them your reason."
        actions={
          <>
            <Button variant="secondary" to={paths.operator.reconciliation.getHref()}>
              Reconciliation
            </Button>
            <Button variant="secondary" to={paths.operator.declinedCards.getHref()}>
              Declined cards
            </Button>
          </>
        }
      />
      <PendingQueue />
      <RecentlyReviewed />
    </div>
  );
}
