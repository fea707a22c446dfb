import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import { lateFeeWaiverSchema, WAIVER_REASON_MAX_LENGTH } from '@rentwise/libs/schemas/rent-terms.schema';
import { ReasonAction } from './ReasonAction';
import { useWaiveLateFeeMutation } from './lateFeesApi';

interface WaiveLateFeeProps {
  journalId: string;
  amountCents: number;
  propertyId: string;
  tenantId: string;
}

/** A late fee's Waive action on the landlord's ledger: asks for the reason, which both ledgers then show. */
export function WaiveLateFee({ journalId, amountCents, propertyId, tenantId }: WaiveLateFeeProps) {
  const [waive, { isLoading }] = useWaiveLateFeeMutation();
  return (
    <ReasonAction
      label="Waive"
      accessibleName={`Waive late fee of ${formatCents(amountCents)}`}
      title={`Waive this ${formatCents(amountCents)} late fee?`}
      confirmLabel="Waive Late Fee"
      tone="primary"
      explanation="It comes off the tenant’s balance as a new line. The fee stays in the ledger beside it."
      reasonHint="Shown on your ledger and the tenant’s."
      reasonMaxLength={WAIVER_REASON_MAX_LENGTH}
      schema={lateFeeWaiverSchema}
      send={(reason) => waive({ journalId, propertyId, tenantId, reason }).unwrap()}
      isSending={isLoading}
      doneMessage={MESSAGES.lateFeeWaived}
    />
  );
}
