import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft, FileQuestion, Mail, Phone } from 'lucide-react';
import { BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS } from '@rentwise/libs/bank-debits';
import { disputedAfterRefundNote } from '@rentwise/libs/disputed-after-refund';
import { formatCents } from '@rentwise/libs/money';
import { telHref } from '@rentwise/libs/phone';
import { isNotFound } from '../../app/apiError';
import { dateLabel, dateTimeLabel } from '../../app/dates';
import { paths } from '../../app/paths';
import { AutopayTag } from '../../components/AutopayTag';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { ledgerDateLabel } from '../../components/LedgerTable';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { useGetReceiptQuery, type Receipt, type ReceiptMode } from './paymentsApi';
import { PaymentStatusPill } from '../../components/PaymentStatusPill';
import { RefundPayment } from './RefundPayment';
import './payments.css';

const HISTORY: Record<ReceiptMode, string> = {
  tenant: paths.tenant.paymentHistory.getHref(),
  landlord: paths.landlord.paymentHistory.getHref(),
};

/** 'Go Back': to the page the person came from inside the app, else their payment history (a shared link). */
function GoBack({ mode }: { mode: ReceiptMode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // The router gives the first page of a visit the key 'default': then there is nothing of ours to go back to.
  const hasAppHistory = location.key !== 'default';
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hasAppHistory) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link className="receipt__back" to={HISTORY[mode]} onClick={onClick}>
      <ArrowLeft aria-hidden="true" size={18} />
      Go Back
    </Link>
  );
}

/** A payment refunded, then disputed: what happened, and for the landlord what to answer. */
function DisputedAfterRefundNotice({ receipt }: { receipt: Receipt }) {
  const flag = receipt.disputedAfterRefund;
  if (!flag) return null;
  return (
    <Notice tone="warning" title={receipt.status}>
      <p>{disputedAfterRefundNote(receipt.mode, dateLabel(flag.refundedAt))}</p>
    </Notice>
  );
}

/** A bank debit on its way, or one the bank refused with its reason (issue 35). */
function BankDebitStateNotice({ receipt }: { receipt: Receipt }) {
  const isTenant = receipt.mode === 'tenant';
  if (receipt.status === 'Processing') {
    return (
      <Notice tone="info" title="Processing">
        <p>
          {isTenant ? 'Your bank' : 'The tenant’s bank'} usually takes about {BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS} business days to send this
          payment. This receipt says Paid once it arrives{isTenant ? ', and we’ll email you if the bank refuses it' : ''}.
        </p>
      </Notice>
    );
  }
  if (receipt.status === 'Failed') {
    return (
      <Notice tone="danger" title="This payment failed">
        <p>{receipt.failureReason ?? 'The bank returned this payment.'}</p>
        {isTenant && <p>The rent it was for is still due: pay again by card or from another account.</p>}
      </Notice>
    );
  }
  return null;
}

/** A payment the landlord recorded and then voided: why, and that it no longer counts (decision 0043). */
function VoidedNotice({ receipt }: { receipt: Receipt }) {
  const voided = receipt.recorded?.voided;
  if (!voided) return null;
  return (
    <Notice tone="warning" title={`Voided: ${voided.reason}`}>
      <p>
        {receipt.paidTo} voided this payment on {dateLabel(voided.voidedAt)}. It no longer counts toward {receipt.mode === 'tenant' ? 'your' : 'the'} rent.
      </p>
    </Notice>
  );
}

/** The payment's refunds (decision 0044): each with its date and the landlord's reason, and what of the payment still counts. */
function RefundList({ receipt }: { receipt: Receipt }) {
  if (receipt.refunds.length === 0) return null;
  const isTenant = receipt.mode === 'tenant';
  const chargedCents = isTenant ? receipt.amountCents : (receipt.refundOption?.chargedCents ?? receipt.amountCents);
  return (
    <section className="receipt-refunds" aria-labelledby="receipt-refunds-title">
      <h2 id="receipt-refunds-title" className="receipt-refunds__title">
        {receipt.refunds.length === 1 ? 'Refund' : 'Refunds'}
      </h2>
      <ul className="receipt-refunds__list">
        {receipt.refunds.map((refund) => (
          <li key={`${refund.refundedAt}-${refund.amountCents}`} className="receipt-refunds__item">
            <div className="receipt-refunds__line">
              <span>Refunded on {dateLabel(refund.refundedAt)}</span>
              <span className="money">{formatCents(refund.amountCents)}</span>
            </div>
            {refund.reason && <p className="receipt-refunds__reason">{refund.reason}</p>}
          </li>
        ))}
      </ul>
      <div className="receipt-refunds__line receipt-refunds__remaining">
        <span>{isTenant ? 'Paid, less refunds' : 'Left of the payment'}</span>
        <span className="money">{formatCents(Math.max(0, chargedCents - receipt.refundedCents))}</span>
      </div>
    </section>
  );
}

/** The landlord's Refund action, or why this payment cannot be refunded now. */
function RefundAction({ receipt }: { receipt: Receipt }) {
  const option = receipt.refundOption;
  if (!option) return null;
  if (option.refusal) {
    // A payment refunded in full, a landlord's record and a failed payment need no word about refunds.
    const quiet = option.leftCents === 0 || receipt.recorded !== null || receipt.status === 'Failed';
    return quiet ? null : <p className="receipt-refund-action__note">{option.refusal}</p>;
  }
  return (
    <div className="receipt-refund-action">
      <p className="receipt-refund-action__note">
        {formatCents(option.leftCents)} of this payment can be refunded to the tenant.
      </p>
      <RefundPayment receiptId={receipt.receiptId} option={option} />
    </div>
  );
}

function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const isLandlord = receipt.mode === 'landlord';
  const flag = receipt.disputedAfterRefund;
  const recorded = receipt.recorded;
  // A failed bank debit or a voided record paid nothing: its amount is what it was for.
  const amountLabel = receipt.status === 'Failed' || receipt.status === 'Voided' ? 'Amount' : isLandlord ? 'Received' : 'Amount Paid';
  const rows: [string, ReactNode][] = [
    ['Status', receipt.status],
    ...(flag
      ? ([
          ['Refunded', `${formatCents(flag.refundedCents)} on ${dateLabel(flag.refundedAt)}`],
          ['Disputed', `${formatCents(flag.disputedCents)} on ${dateLabel(flag.disputeOpenedAt)}`],
        ] satisfies [string, string][])
      : []),
    [amountLabel, formatCents(receipt.amountCents)],
    // A recorded payment has a day, not a time: the one the landlord received it, and the month it paid (a receipt for cash says both).
    ...(recorded
      ? ([
          ['Date Received', ledgerDateLabel(recorded.receivedOn)],
          ['Period Covered', recorded.periodCovered],
        ] satisfies [string, string][])
      : ([[isLandlord ? 'Date Received' : 'Date Paid', dateTimeLabel(receipt.paidAt)]] satisfies [string, string][])),
    ['Paid By', receipt.paidBy],
    ['Paid To', receipt.paidTo],
    [
      'Payment Method',
      receipt.automatic ? (
        <>
          {receipt.paymentMethod} <AutopayTag />
        </>
      ) : (
        receipt.paymentMethod
      ),
    ],
    ...(recorded ? ([['Recorded By', recorded.recordedBy]] satisfies [string, string][]) : []),
    ['Property', receipt.propertyAddress],
    ['TransactionID', receipt.transactionId],
  ];
  const contact = receipt.landlordContact;

  return (
    <>
      <Card padding="lg" className="receipt">
        <div className="receipt__hero">
          <p className="receipt__hero-label">{amountLabel}</p>
          <p className="receipt__hero-amount money">{formatCents(receipt.amountCents)}</p>
          <PaymentStatusPill label={receipt.status} />
        </div>
        <DisputedAfterRefundNotice receipt={receipt} />
        <BankDebitStateNotice receipt={receipt} />
        <VoidedNotice receipt={receipt} />
        <dl className="receipt__rows">
          {rows.map(([label, value]) => (
            <div key={label} className="receipt__row">
              <dt>{label}</dt>
              <dd className={label === 'TransactionID' ? 'receipt__id' : label === amountLabel ? 'money' : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <RefundList receipt={receipt} />
        <RefundAction receipt={receipt} />
      </Card>

      {!isLandlord && contact && (
        <Card as="section" padding="lg" className="receipt-contact" aria-labelledby="receipt-contact-title">
          <h2 id="receipt-contact-title" className="receipt-contact__title">
            Your landlord
          </h2>
          <p className="receipt-contact__name">{contact.name}</p>
          <ul className="receipt-contact__links">
            <li>
              <a href={`mailto:${contact.email}`}>
                <Mail aria-hidden="true" size={18} />
                {contact.email}
              </a>
            </li>
            <li>
              <a href={telHref(contact.phone)}>
                <Phone aria-hidden="true" size={18} />
                {contact.phone}
              </a>
            </li>
          </ul>
        </Card>
      )}
    </>
  );
}

function ReceiptLoading() {
  return (
    <Card padding="lg" className="receipt" aria-busy="true" aria-label="Loading the receipt">
      <div className="receipt__hero">
        <Skeleton width="6rem" />
        <Skeleton width="9rem" height="2.5rem" />
      </div>
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <div key={index} className="receipt__row">
          <Skeleton width="6rem" />
          <Skeleton width="9rem" />
        </div>
      ))}
    </Card>
  );
}

/** /tenant/payment-receipt/:receiptId and /landlord/payment-receipt/:receiptId, loaded by id from the server. */
export function ReceiptPage({ mode }: { mode: ReceiptMode }) {
  const { receiptId = '' } = useParams();
  const { data: receipt, error, isLoading, isFetching, refetch } = useGetReceiptQuery({ mode, receiptId }, { skip: !receiptId });
  const notFound = !receiptId || isNotFound(error);

  return (
    <div className="app-page payment-receipt">
      <GoBack mode={mode} />
      <PageHeader title="Payment Receipt" />

      {isLoading && <ReceiptLoading />}

      {notFound && (
        <EmptyState
          icon={FileQuestion}
          title="Receipt not found"
          action={
            <Button to={HISTORY[mode]} variant="secondary">
              Go to Payment History
            </Button>
          }
        >
          This receipt doesn’t exist, or it belongs to another account. Check the link, or find the payment in your history.
        </EmptyState>
      )}

      {error && !notFound && !receipt && <LoadFailed what="The receipt" retry={() => void refetch()} retrying={isFetching} />}

      {receipt && <ReceiptDetails receipt={receipt} />}
    </div>
  );
}

export const TenantReceiptPage = () => <ReceiptPage mode="tenant" />;
export const LandlordReceiptPage = () => <ReceiptPage mode="landlord" />;
