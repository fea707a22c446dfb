import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import { VOID_REASON_MAX_LENGTH } from '@rentwise/libs/recorded-payments';
import { recordedPaymentVoidSchema } from '@rentwise/libs/schemas/recorded-payment.schema';
import { ReasonAction } from './ReasonAction';
import { useVoidRecordedPaymentMutation } from './recordedPaymentsApi';

interface VoidRecordedPaymentProps {
  receiptId: string;
  /** What the payment paid, as a positive amount. */
  amountCents: number;
  propertyId: string;
  tenantId: string;
}

/**
 * A recorded payment's Void action on the landlord's ledger (decision 0043): asks for the reason,
 * which both ledgers and the receipt then show. The payment stays; the void is a new line.
 */
export function VoidRecordedPayment({ receiptId, amountCents, propertyId, tenantId }: VoidRecordedPaymentProps) {
  const [voidPayment, { isLoading }] = useVoidRecordedPaymentMutation();
  return (
    <ReasonAction
      label="Void"
      accessibleName={`Void payment of ${formatCents(amountCents)}`}
      title={`Void this ${formatCents(amountCents)} payment?`}
      confirmLabel="Void Payment"
      explanation="It goes back on the tenant’s balance as a new line. The payment stays in the ledger beside it, marked voided, and its receipt says why."
      reasonHint="Shown on your ledger, the tenant’s ledger and the receipt."
      reasonMaxLength={VOID_REASON_MAX_LENGTH}
      schema={recordedPaymentVoidSchema}
      send={(reason) => voidPayment({ receiptId, propertyId, tenantId, reason }).unwrap()}
      isSending={isLoading}
      doneMessage={MESSAGES.recordedPaymentVoided}
    />
  );
}
