import { Command } from '@nestjs/cqrs';
import type { RecordedPaymentInput } from '@rentwise/libs/schemas/recorded-payment.schema';

export interface PaymentReceivedRecorded {
  /** The payment's journal: its receipt's id for the landlord and the tenant. */
  receiptId: string;
  /** False when the idempotency key had recorded this payment before. */
  created: boolean;
}

/**
 * A landlord records rent a tenant paid outside Rentwise (cash, check, money order, other; decision
 * 0043): a `recorded_payment` journal dated the day received, with how it was paid and who recorded
 * it. 404 unless the tenant lives or lived at the landlord's property; once per idempotency key.
 */
export class RecordPaymentReceived extends Command<PaymentReceivedRecorded> {
  constructor(
    readonly landlordUserId: string,
    readonly payment: RecordedPaymentInput,
  ) {
    super();
  }
}
