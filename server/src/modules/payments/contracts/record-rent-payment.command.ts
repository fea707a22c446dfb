import { Command } from '@nestjs/cqrs';

export interface RentPayment {
  /** Recording the same key twice records the payment once (webhook retries, double clicks). */
  idempotencyKey: string;
  occurredAt: Date;
  tenantUserId: string;
  landlordUserId: string;
  propertyId: string;
  /** What the tenant's card was charged, processing fee included. */
  chargedCents: number;
  description: string;
  provider: 'stripe' | 'sandbox' | 'import';
  providerReference: string | null;
}

/** Posts a rent payment to the ledger: the tenant's charge, the landlord's share and the fee of its era. */
export class RecordRentPayment extends Command<{ transactionId: string; created: boolean }> {
  constructor(readonly payment: RentPayment) {
    super();
  }
}
