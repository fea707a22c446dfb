import { Command } from '@nestjs/cqrs';
import { Cause, Envelope, newEnvelope } from '../../../infrastructure/messaging/envelope';

export interface RentPayment {
  /**
   * Recording the same key twice records the payment once (webhook retries, double clicks). The
   * same key with different input is refused (IdempotencyKeyReused).
   */
  idempotencyKey: string;
  /** When the money moved: the provider's charge time, never the client's clock. */
  occurredAt: Date;
  tenantUserId: string;
  landlordUserId: string;
  propertyId: string;
  /** What the tenant's card was charged, processing fee included. */
  chargedCents: number;
  description: string;
  provider: 'stripe' | 'sandbox' | 'authorize_net' | 'authorize_net_sandbox' | 'import';
  providerReference: string | null;
  /**
   * A bank debit sent, not yet settled: its money waits in the clearing account until the bank
   * answers (decision 0037). Absent for every payment that is money at once.
   */
  clearing?: true;
}

export interface RecordedRentPayment {
  transactionId: string;
  /** False when the key had been recorded before (with the same input). */
  created: boolean;
}

/** Posts a rent payment to the ledger: the tenant's charge, the landlord's share and the fee of its era. */
export class RecordRentPayment extends Command<RecordedRentPayment> {
  /** Caused by `cause` when given (a job's envelope), else by the running chain (the HTTP request). */
  readonly envelope: Envelope;

  constructor(
    readonly payment: RentPayment,
    cause?: Cause,
  ) {
    super();
    this.envelope = newEnvelope(payment.occurredAt, cause);
  }
}
