import { Link, useParams } from 'react-router-dom';
import { ChevronRight, ReceiptText } from 'lucide-react';
import { billingMonthLabel } from '@rentwise/libs/billing-month';
import { formatCents } from '@rentwise/libs/money';
import { paymentDescriptionDetail } from '@rentwise/libs/payment-rules';
import { statementDownloadName } from '@rentwise/libs/statements';
import { dateLabel } from '../../app/dates';
import { useGetStatementQuery } from '../../app/landlordStatementApi';
import { paths } from '../../app/paths';
import { AutopayTag } from '../../components/AutopayTag';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { DownloadLink } from './DownloadLink';
import { type PaymentRow, paymentRows } from './paymentRows';
import { isMissing, NotFoundCard, RowsLoading } from './StatementStates';
import { statementDownloadHref } from './statementsApi';
import './statements.css';

/** A correction (such as a refund that failed, which gives the money back) is not a refund. */
function rowTitle(payment: PaymentRow): string {
  if (payment.kind === 'refund') return `Refund to ${payment.tenantName}`;
  if (payment.kind === 'correction') return `Correction for ${payment.tenantName}`;
  if (payment.kind === 'dispute') return `Dispute by ${payment.tenantName}`;
  if (payment.kind === 'dispute_won') return `Dispute won: ${payment.tenantName}`;
  if (payment.kind === 'dispute_lost') return `Dispute lost: ${payment.tenantName}`;
  if (payment.kind === 'bank_debit_settled') return `Bank payment settled: ${payment.tenantName}`;
  if (payment.kind === 'bank_debit_failed') return `Bank payment failed: ${payment.tenantName}`;
  if (payment.kind === 'recorded_payment_void') return `Recorded payment voided: ${payment.tenantName}`;
  return payment.tenantName;
}

/** Rent the landlord recorded says how it was paid ('Check #1234, recorded by landlord'), its void why (decision 0043). */
function isRecorded(payment: PaymentRow): boolean {
  return payment.kind === 'recorded_payment' || payment.kind === 'recorded_payment_void';
}

/** /landlord/payment-history/:propertyId/:month/:year: Payments Received in one billing month. */
export function MonthPaymentsPage() {
  const params = useParams();
  const propertyId = params.propertyId ?? '';
  const month = Number(params.month);
  const year = Number(params.year);
  // The years the statement endpoint accepts; any other asks nothing and says No such month.
  const valid = Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 2000 && year <= 2100;
  const request = { year, month, propertyId };
  const { currentData: statement, isError, error, refetch, isFetching } = useGetStatementQuery(request, { skip: !valid });
  const notFound = isError && isMissing(error);
  const totals = statement?.totals;

  return (
    <div className="app-page statements-page">
      <PageHeader
        back={{ to: paths.landlord.propertyPaymentHistory.getHref(propertyId), label: 'Monthly Overview' }}
        eyebrow={statement?.scopeLabel}
        title="Payments Received"
        description={valid ? <><strong>{billingMonthLabel({ year, month })}.</strong> {statement?.periodInWords}</> : undefined}
        actions={
          statement && (
            <DownloadLink href={statementDownloadHref(request, 'pdf')} fileName={statementDownloadName(statement, 'pdf')}>
              Monthly statement (PDF)
            </DownloadLink>
          )
        }
      />
      {!valid && (
        <Card>
          <EmptyState icon={ReceiptText} title="No such month" />
        </Card>
      )}
      {isFetching && !statement && <RowsLoading label="Loading payments" rows={2} />}
      {notFound && <NotFoundCard />}
      {isError && !notFound && !statement && <LoadFailed what="The payments" retry={() => void refetch()} retrying={isFetching} />}
      {totals && (
        <dl className="month-figures">
          <div>
            <dt>Rent due</dt>
            <dd className="money">{formatCents(totals.rentDueCents)}</dd>
          </div>
          <div>
            <dt>Received</dt>
            <dd className="money">{formatCents(totals.receivedCents)}</dd>
          </div>
          {totals.processingCents !== 0 && (
            <div>
              <dt>Processing</dt>
              <dd className="money">{formatCents(totals.processingCents)}</dd>
            </div>
          )}
          <div>
            <dt>Still due</dt>
            <dd className={`money${totals.stillDueCents > 0 ? ' due' : ''}`}>{formatCents(totals.stillDueCents)}</dd>
          </div>
          <div>
            <dt>Processor fees</dt>
            <dd className="money">{formatCents(totals.processorFeeCents)}</dd>
          </div>
        </dl>
      )}
      {statement?.payments.length === 0 && (
        <Card>
          <EmptyState icon={ReceiptText} title="No payments this month" />
        </Card>
      )}
      {statement && statement.payments.length > 0 && (
        <Card as="ul" className="link-list statement-list" aria-label="Payments received">
          {paymentRows(statement.payments).map((payment) => (
            <li key={`${payment.receiptId}-${payment.kind}-${payment.paidAt}`}>
              <Link className="link-row" to={paths.landlord.paymentReceipt.getHref(payment.receiptId)}>
                <span className="link-row__main statement-row__main">
                  <span className="statement-row__title">
                    {rowTitle(payment)}
                  </span>
                  <span className="statement-row__meta">
                    {payment.kind === 'correction' && <span>{payment.description}</span>}
                    {isRecorded(payment) && <span>{paymentDescriptionDetail(payment.description)}</span>}
                    <time dateTime={payment.paidAt}>{dateLabel(payment.paidAt, statement.timeZone)}</time>
                    {payment.bankState === 'failed' && <span className="due">Bank payment failed</span>}
                    {payment.failureReason && <span className="due">{payment.failureReason}</span>}
                    {payment.bankState === 'processing' && (
                      <span className="processing">
                        Processing <span className="money">{formatCents(payment.processingCents)}</span>
                      </span>
                    )}
                    {payment.bankState === 'settled' && <span>Bank payment</span>}
                    {payment.automatic && <AutopayTag />}
                    {payment.processorFeeCents > 0 && (
                      <span>
                        {payment.kind === 'rent_payment' ? 'Processor fee' : 'Dispute fee'}{' '}
                        <span className="money">{formatCents(payment.processorFeeCents)}</span>
                      </span>
                    )}
                  </span>
                </span>
                <span className="link-row__amount money">{formatCents(payment.receivedCents)}</span>
                <ChevronRight className="link-row__chevron" aria-hidden="true" size={18} />
                <span className="visually-hidden">View receipt</span>
              </Link>
            </li>
          ))}
        </Card>
      )}
    </div>
  );
}
