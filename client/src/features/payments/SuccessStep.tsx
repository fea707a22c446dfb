import { CircleAlert, CircleCheck, Clock, ReceiptText } from 'lucide-react';
import { BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS } from '@rentwise/libs/bank-debits';
import { formatCents } from '@rentwise/libs/money';
import { dateTimeLabel } from '../../app/dates';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import type { PaymentConfirmed } from './paymentsApi';
import { StepHeading } from './StepHeading';

interface SuccessStepProps {
  confirmed: PaymentConfirmed;
  onAllDone: () => void;
}

/**
 * What the server confirmed: the charged total, with the receipt one tap away. A card is paid now; a
 * bank debit is Processing until the bank settles it, and the screen says so rather than 'Paid!'.
 */
export function SuccessStep({ confirmed, onAllDone }: SuccessStepProps) {
  const processing = confirmed.paymentStatus === 'processing';
  // A retried bank debit answers its state now: the bank may have refused it since the first try.
  const failed = confirmed.paymentStatus === 'failed';
  return (
    <section className="pay pay--success" aria-labelledby="pay-success-title">
      {failed ? (
        <>
          <span className="pay-success__icon pay-success__icon--failed">
            <CircleAlert aria-hidden="true" size={40} />
          </span>
          <StepHeading id="pay-success-title" takeFocus className="pay-success__title">Payment failed</StepHeading>
          <p className="pay-success__text">Your bank refused this payment. The receipt says why; the rent is still due.</p>
        </>
      ) : processing ? (
        <>
          <span className="pay-success__icon pay-success__icon--processing">
            <Clock aria-hidden="true" size={40} />
          </span>
          <StepHeading id="pay-success-title" takeFocus className="pay-success__title">Processing</StepHeading>
          <p className="pay-success__text">
            Your bank usually takes about {BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS} business days to send it. Your receipt shows when it’s paid.
          </p>
        </>
      ) : (
        <>
          <span className="pay-success__icon">
            <CircleCheck aria-hidden="true" size={40} />
          </span>
          <StepHeading id="pay-success-title" takeFocus className="pay-success__title">Paid!</StepHeading>
          <p className="pay-success__text">Your payment was successful</p>
        </>
      )}
      <p className="pay-success__amount money">{formatCents(confirmed.chargedCents)}</p>
      <p className="pay-success__detail">
        <span className="money">{formatCents(confirmed.amountCents)}</span> rent +{' '}
        <span className="money">{formatCents(confirmed.processingFeeCents)}</span> {processing || failed ? 'bank fee' : 'processing fee'}
        <br />
        {dateTimeLabel(confirmed.paidAt)}
      </p>
      <div className="pay-success__actions">
        <Button size="lg" fullWidth onClick={onAllDone}>
          All done!
        </Button>
        <Button variant="ghost" fullWidth to={paths.tenant.paymentReceipt.getHref(confirmed.receiptId)}>
          <ReceiptText aria-hidden="true" size={18} />
          View receipt
        </Button>
      </div>
    </section>
  );
}
