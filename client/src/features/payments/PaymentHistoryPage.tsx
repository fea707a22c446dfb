import { Link } from 'react-router-dom';
import { ChevronRight, ReceiptText } from 'lucide-react';
import { TENANT_PROCESSING_FEE_CENTS } from '@rentwise/libs/fees';
import { formatCents } from '@rentwise/libs/money';
import { paymentDescriptionDetail } from '@rentwise/libs/payment-rules';
import { dateLabel } from '../../app/dates';
import { paths } from '../../app/paths';
import { AutopayTag } from '../../components/AutopayTag';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { useListPaymentsQuery, type PaymentHistoryRow } from './paymentsApi';
import { PaymentStatusPill, paymentStatusLabel } from '../../components/PaymentStatusPill';
import './payments.css';

function HistoryRow({ row }: { row: PaymentHistoryRow }) {
  const detail = paymentDescriptionDetail(row.description);
  return (
    <li>
      <Link className="link-row" to={paths.tenant.paymentReceipt.getHref(row.receiptId)}>
        <span className="link-row__main">
          <span className="history-row__title">{detail}</span>
          <span className="history-row__meta">
            <time dateTime={row.paidAt}>{dateLabel(row.paidAt)}</time>
            {row.status !== 'succeeded' && <PaymentStatusPill label={paymentStatusLabel(row.status)} />}
            {row.automatic && <AutopayTag />}
          </span>
        </span>
        <span className="link-row__amount money">{formatCents(row.chargedCents)}</span>
        <ChevronRight className="link-row__chevron" aria-hidden="true" size={18} />
        <span className="visually-hidden">View receipt</span>
      </Link>
    </li>
  );
}

function HistoryLoading() {
  return (
    <Card as="ul" className="link-list" aria-busy="true" aria-label="Loading payments">
      {[0, 1, 2].map((index) => (
        <li key={index} className="link-row">
          <span className="link-row__main">
            <Skeleton width="12rem" />
            <Skeleton width="6rem" />
          </span>
          <Skeleton width="5rem" />
        </li>
      ))}
    </Card>
  );
}

/** /tenant/payment-history: every payment the tenant made, newest first, each with its receipt. */
export function PaymentHistoryPage() {
  const { data: rows, isLoading, isError, refetch, isFetching } = useListPaymentsQuery();

  return (
    <div className="app-page payment-history">
      <PageHeader
        back={{ to: paths.tenant.dashboard.getHref(), label: 'Dashboard' }}
        title="Payment History"
        description={`All transactions after July 1st 2023 include a ${formatCents(TENANT_PROCESSING_FEE_CENTS)} Processing Fee`}
      />

      {isLoading && <HistoryLoading />}

      {isError && !rows && <LoadFailed what="Your payments" retry={() => void refetch()} retrying={isFetching} />}

      {rows?.length === 0 && (
        <EmptyState
          icon={ReceiptText}
          title="No Payment History"
          action={<Button to={paths.tenant.payment.getHref()}>Make a payment</Button>}
        >
          Every rent payment you make appears here, with a receipt.
        </EmptyState>
      )}

      {rows && rows.length > 0 && (
        <Card as="ul" className="link-list" aria-label="Payments">
          {rows.map((row) => (
            <HistoryRow key={row.receiptId} row={row} />
          ))}
        </Card>
      )}
    </div>
  );
}
