import { Link } from 'react-router-dom';
import { ChevronRight, CreditCard, Landmark } from 'lucide-react';
import { DISPUTED_AFTER_REFUND_STATUS } from '@rentwise/libs/disputed-after-refund';
import { formatCents } from '@rentwise/libs/money';
import { useGetAuthorizeNetAccountQuery } from '../../app/authorizeNetAccountApi';
import { dateLabel } from '../../app/dates';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { lineTitle, payoutStatusOf } from './payoutLabels';
import { type DisputedAfterRefundPayment, type Payout, useListPayoutsQuery } from './payoutsApi';
import './payouts.css';

function PayoutDates({ payout }: { payout: Payout }) {
  return (
    <dl className="payout__dates">
      <div>
        <dt>Initiated</dt>
        <dd>
          <time dateTime={payout.initiatedAt}>{dateLabel(payout.initiatedAt)}</time>
        </dd>
      </div>
      <div>
        <dt>Expected</dt>
        <dd>
          <time dateTime={payout.expectedArrivalAt}>{dateLabel(payout.expectedArrivalAt)}</time>
        </dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{payout.paidAt ? <time dateTime={payout.paidAt}>{dateLabel(payout.paidAt)}</time> : '—'}</dd>
      </div>
    </dl>
  );
}

/** One deposit: the figure on the bank statement first, then the payments it is made of. */
function PayoutCard({ payout }: { payout: Payout }) {
  const status = payoutStatusOf(payout.status);
  const heading = `Deposit of ${formatCents(payout.amountCents)}`;
  return (
    <Card as="article" className="payout" aria-label={`${heading}, ${dateLabel(payout.initiatedAt)}`}>
      <header className="payout__header">
        <div className="payout__headline">
          <h2 className="payout__amount money">{formatCents(payout.amountCents)}</h2>
          <span className={`status-pill status-pill--${status.tone}`}>{status.label}</span>
        </div>
        <PayoutDates payout={payout} />
      </header>
      {payout.lines.length === 0 ? (
        <p className="payout__empty muted">The processor has not listed what this deposit contains yet.</p>
      ) : (
        <table className="payout-lines">
          <caption className="visually-hidden">{`What the ${formatCents(payout.amountCents)} deposit contains`}</caption>
          <thead>
            <tr>
              <th scope="col">Tenant</th>
              <th scope="col">Property</th>
              <th scope="col">Month</th>
              <th scope="col" className="payout-lines__amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {payout.lines.map((line, index) => (
              <tr key={`${line.occurredAt}-${index}`} className={line.amountCents < 0 ? 'payout-lines__row--out' : undefined}>
                <th scope="row" className="payout-lines__tenant">
                  {line.receiptId ? <Link to={paths.landlord.paymentReceipt.getHref(line.receiptId)}>{lineTitle(line)}</Link> : lineTitle(line)}
                  {line.disputedAfterRefund && <span className="status-pill status-pill--warning payout-lines__flag">{DISPUTED_AFTER_REFUND_STATUS}</span>}
                  {line.paidWith && <span className="payout-lines__paid-with">{line.paidWith}</span>}
                </th>
                <td className="payout-lines__property">{line.propertyAddress ?? '—'}</td>
                <td className="payout-lines__month">{line.month ?? '—'}</td>
                <td className="payout-lines__amount">
                  <span className="money">{formatCents(line.amountCents)}</span>
                  {line.feeCents !== 0 && (
                    <span className="payout-lines__fee">
                      {formatCents(line.grossCents)} less {formatCents(line.feeCents)} fees
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Deposit total
              </th>
              <td className="payout-lines__amount money">{formatCents(payout.amountCents)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="payout__reference">
        Payout reference <code>{payout.payoutId}</code>
      </p>
    </Card>
  );
}

/**
 * Payments the landlord refunded and the cardholder then disputed, paid out or not yet: the landlord
 * is down each twice until its dispute closes, and wins it back by answering with the refund.
 */
function DisputedAfterRefundNotice({ payments }: { payments: DisputedAfterRefundPayment[] }) {
  if (payments.length === 0) return null;
  return (
    <section aria-label={DISPUTED_AFTER_REFUND_STATUS}>
      <Notice tone="warning" title={payments.length === 1 ? 'A refunded payment was disputed' : `${payments.length} refunded payments were disputed`}>
        <p>
          The cardholder disputed {payments.length === 1 ? 'this payment' : 'these payments'} after you refunded{' '}
          {payments.length === 1 ? 'it' : 'them'}, so you are down the money twice until the dispute closes. Answer each dispute in your
          Stripe account with the refund’s proof (its date, amount and reference) to get the disputed amount back.
        </p>
        <ul className="payouts-disputed">
          {payments.map((payment) => (
            <li key={payment.receiptId}>
              <span className="payouts-disputed__who">
                {payment.tenantName ?? 'A tenant'}
                {payment.propertyAddress && `, ${payment.propertyAddress}`}
              </span>
              <span>
                Refunded <span className="money">{formatCents(payment.refundedCents)}</span> on{' '}
                <time dateTime={payment.refundedAt}>{dateLabel(payment.refundedAt)}</time>, disputed{' '}
                <span className="money">{formatCents(payment.disputedCents)}</span> on{' '}
                <time dateTime={payment.disputeOpenedAt}>{dateLabel(payment.disputeOpenedAt)}</time>.
              </span>
              <Link to={paths.landlord.paymentReceipt.getHref(payment.receiptId)}>View receipt</Link>
            </li>
          ))}
        </ul>
      </Notice>
    </section>
  );
}

/**
 * The way to the landlord's own Authorize.Net account: where card rent settles for a landlord on
 * Authorize.Net, whose settled batches are the deposits above.
 */
function AuthorizeNetLink() {
  const { data: view } = useGetAuthorizeNetAccountQuery('self');
  const onAuthorizeNet = view?.cardGateway === 'authorize_net';
  return (
    <Card as="section" className="payouts-anet" aria-labelledby="payouts-anet-title">
      <span className="icon-badge">
        <CreditCard aria-hidden="true" size={20} />
      </span>
      <div className="payouts-anet__text">
        <h2 id="payouts-anet-title" className="payouts-anet__title">
          Card payments through Authorize.Net
        </h2>
        <p className="muted">
          {onAuthorizeNet
            ? 'Your tenants’ card payments settle in your own Authorize.Net account; each settled batch is a deposit here.'
            : 'Take your tenants’ card payments in your own Authorize.Net merchant account.'}
        </p>
      </div>
      <Button variant="secondary" to={paths.landlord.authorizeNetAccount.getHref()}>
        {view?.account ? 'Manage account' : 'Connect account'}
        <ChevronRight aria-hidden="true" size={18} />
      </Button>
    </Card>
  );
}

function PayoutsLoading() {
  return (
    <div className="payouts" aria-busy="true" aria-label="Loading payouts">
      {[0, 1].map((index) => (
        <Card key={index} className="payout">
          <Skeleton width="8rem" height="1.75rem" />
          <Skeleton width="16rem" />
          <Skeleton width="100%" />
          <Skeleton width="100%" />
        </Card>
      ))}
    </div>
  );
}

/** /landlord/payouts: each bank deposit with its total, dates and lines, to match a bank statement line. */
export function PayoutsPage() {
  // Payouts are made by the processor, not in this app: ask again each time the page opens.
  const { currentData, isError, isFetching, refetch } = useListPayoutsQuery(undefined, { refetchOnMountOrArgChange: true });
  const payouts = currentData?.payouts;

  return (
    <div className="app-page payouts-page">
      <PageHeader
        back={{ to: paths.landlord.dashboard.getHref(), label: 'Dashboard' }}
        title="Payouts"
        description="Each deposit to your bank account, and the rent payments, refunds and fees it is made of."
      />
      {currentData && <DisputedAfterRefundNotice payments={currentData.disputedAfterRefund} />}
      {!payouts && isFetching && <PayoutsLoading />}
      {!payouts && isError && !isFetching && <LoadFailed what="Your payouts" retry={() => void refetch()} />}
      {payouts?.length === 0 && (
        <Card>
          <EmptyState icon={Landmark} title="No payouts yet">
            When rent reaches your bank, each deposit appears here with the payments it contains.
          </EmptyState>
        </Card>
      )}
      {payouts && payouts.length > 0 && (
        <div className="payouts">
          {payouts.map((payout) => (
            <PayoutCard key={payout.payoutId} payout={payout} />
          ))}
        </div>
      )}
      <AuthorizeNetLink />
    </div>
  );
}
