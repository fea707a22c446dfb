import type { Envelope } from '../../../infrastructure/messaging/envelope';
import type { IntegrationEvent } from '../../../infrastructure/messaging/integration-event';

/**
 * A rent payment was refunded, disputed, or a dispute or refund was settled: a new journal that
 * names the payment it corrects. Written to the outbox with the journal. Ids, cents and ISO dates only.
 */
export class PaymentCorrected implements IntegrationEvent {
  constructor(
    readonly envelope: Envelope,
    readonly transactionId: string,
    readonly paymentTransactionId: string,
    readonly kind: 'refund' | 'refund_failed' | 'dispute' | 'dispute_won' | 'dispute_lost',
    readonly propertyId: string,
    readonly tenantUserId: string,
    readonly landlordUserId: string,
    /** What moved on the tenant's card or was held from the landlord, positive. */
    readonly amountCents: number,
    readonly occurredAt: string,
  ) {}
}
