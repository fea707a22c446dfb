import type { Envelope } from '../../../infrastructure/messaging/envelope';
import type { IntegrationEvent } from '../../../infrastructure/messaging/integration-event';

/**
 * A rent payment reached the ledger. Written to the outbox in the transaction of its journal, so it
 * exists exactly when the payment does. Ids, cents and ISO dates only: consumers get it as JSON.
 * `envelope.occurredAt` (and `paidAt`) is the provider's charge time; `envelope.causationId` is the
 * posting's id, which the journal keeps as its `causation_id`.
 */
export class PaymentRecorded implements IntegrationEvent {
  constructor(
    readonly envelope: Envelope,
    readonly transactionId: string,
    readonly propertyId: string,
    readonly tenantUserId: string,
    readonly landlordUserId: string,
    readonly chargedCents: number,
    readonly landlordReceivesCents: number,
    readonly paidAt: string,
  ) {}
}
