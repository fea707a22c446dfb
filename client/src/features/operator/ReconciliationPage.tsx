import { useState } from 'react';
import { CircleCheck, RefreshCw } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';
import { MESSAGES } from '@rentwise/libs/messages';
import { refusalMessage } from '../../app/apiError';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import { formatDateTime } from './formatTime';
import {
  type DisputedAfterRefundPayment,
  type ReconciliationDifference,
  useGetReconciliationQuery,
  useRunReconciliationMutation,
} from './reconciliationApi';
import './operator.css';

const KIND_LABEL: Record<ReconciliationDifference['kind'], string> = {
  missing_journal: 'Missing from the ledger',
  extra_journal: 'Not at the provider',
  amount_differs: 'Different amount',
};

const amount = (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : formatCents(cents));

/**
 * Payments a landlord refunded that the cardholder then disputed, while the dispute is open: the
 * landlord is down the money twice, and was emailed what to answer.
 */
function RefundedAndDisputed({ payments }: { payments: DisputedAfterRefundPayment[] }) {
  if (payments.length === 0) return null;
  return (
    <Card as="section" className="reconciliation" aria-labelledby="refunded-and-disputed">
      <h2 id="refunded-and-disputed" className="reconciliation__title">
        Refunded and disputed
      </h2>
      <p className="reconciliation__hint">
        Disputes opened after a refund, still open. The landlord is down the money twice until the dispute closes; at risk is what the
        cardholder would get back twice if the landlord does not answer with the refund.
      </p>
      <table className="reconciliation__table">
        <caption className="visually-hidden">Refunded and disputed payments</caption>
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col" className="reconciliation__amount">
              Refunded
            </th>
            <th scope="col" className="reconciliation__amount">
              Disputed
            </th>
            <th scope="col" className="reconciliation__amount">
              At risk
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.receiptId}>
              <th scope="row">
                {payment.landlordName ?? 'Unknown landlord'}
                <span className="reconciliation__meta">
                  {payment.tenantName ?? 'Unknown tenant'}, {formatCents(payment.chargedCents)} paid {formatDateTime(payment.paidAt)}
                </span>
                {payment.chargeId && (
                  <span className="reconciliation__meta">
                    <code>
                      {payment.connectedAccountId}/{payment.chargeId}
                    </code>
                  </span>
                )}
              </th>
              <td className="reconciliation__amount">
                <span className="money">{formatCents(payment.refundedCents)}</span>
                <span className="reconciliation__meta">{formatDateTime(payment.refundedAt)}</span>
              </td>
              <td className="reconciliation__amount">
                <span className="money">{formatCents(payment.disputedCents)}</span>
                <span className="reconciliation__meta">{formatDateTime(payment.disputeOpenedAt)}</span>
              </td>
              <td className="reconciliation__amount money">{formatCents(payment.atRiskCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** /operator/reconciliation: open differences between the provider's balances and the ledger. */
export function ReconciliationPage() {
  const { currentData: report, isError, isFetching, refetch } = useGetReconciliationQuery(undefined, { refetchOnMountOrArgChange: true });
  const [run, { isLoading: starting }] = useRunReconciliationMutation();
  const [started, setStarted] = useState(false);

  async function runNow() {
    try {
      await run().unwrap();
      setStarted(true);
      showToast('Reconciliation started. Refresh in a minute to see its result.');
    } catch (error) {
      showToast(refusalMessage(error) ?? MESSAGES.serviceUnavailable, { tone: 'error' });
    }
  }

  return (
    <div className="app-page reconciliation-page">
      <PageHeader
        back={{ to: paths.operator.registrations.getHref(), label: 'Registrations' }}
        eyebrow="Operator"
        title="Reconciliation"
        description={
          <>
            Each day the provider’s balance transactions of every landlord are compared with the ledger.{' '}
            {report && (report.lastRunAt ? `Last run ${formatDateTime(report.lastRunAt)}.` : 'It has not run yet.')}
          </>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => void refetch()} isLoading={isFetching && Boolean(report)}>
              <RefreshCw aria-hidden="true" size={18} />
              Refresh
            </Button>
            <Button onClick={() => void runNow()} isLoading={starting} disabled={started}>
              Run now
            </Button>
          </>
        }
      />
      {!report && isFetching && (
        <Card aria-busy="true" aria-label="Loading differences">
          <Skeleton width="60%" />
          <Skeleton width="80%" />
        </Card>
      )}
      {!report && isError && !isFetching && <LoadFailed what="The reconciliation report" retry={() => void refetch()} />}
      {report?.differences.length === 0 && (
        <Card>
          <EmptyState icon={CircleCheck} title="No open differences">
            Every balance transaction checked has its journal, with the same amount.
          </EmptyState>
        </Card>
      )}
      {report && report.differences.length > 0 && (
        <Card className="reconciliation">
          <table className="reconciliation__table">
            <caption className="visually-hidden">Open differences</caption>
            <thead>
              <tr>
                <th scope="col">Difference</th>
                <th scope="col">Account and reference</th>
                <th scope="col" className="reconciliation__amount">
                  Provider
                </th>
                <th scope="col" className="reconciliation__amount">
                  Ledger
                </th>
                <th scope="col">Found</th>
              </tr>
            </thead>
            <tbody>
              {report.differences.map((difference) => (
                <tr key={difference.differenceId}>
                  <th scope="row">{KIND_LABEL[difference.kind]}</th>
                  <td>
                    <code>{difference.reference}</code>
                    {difference.balanceTransactionId && (
                      <span className="reconciliation__meta">
                        Balance transaction <code>{difference.balanceTransactionId}</code>
                      </span>
                    )}
                    {difference.ledgerTransactionId && (
                      <span className="reconciliation__meta">
                        Journal <code>{difference.ledgerTransactionId}</code>
                      </span>
                    )}
                  </td>
                  <td className="reconciliation__amount money">{amount(difference.providerAmountCents)}</td>
                  <td className="reconciliation__amount money">{amount(difference.ledgerAmountCents)}</td>
                  <td>{formatDateTime(difference.firstFoundAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {report && <RefundedAndDisputed payments={report.disputedAfterRefund} />}
    </div>
  );
}
