import { Command } from '@nestjs/cqrs';
import type { PaymentInput } from '@rentwise/libs/schemas/payment.schema';

export interface PaidRent {
  /** The ledger transaction id: the receipt's id. */
  receiptId: string;
  chargedCents: number;
  amountCents: number;
  processingFeeCents: number;
  /** ISO time the provider charged the card. */
  paidAt: string;
  /** False when this answers a replay of an attempt that had already paid. */
  created: boolean;
}

/** A tenant pays rent by card: the entered amount plus the processing fee, charged on the landlord's account. */
export class PayRent extends Command<PaidRent> {
  constructor(
    readonly tenantUserId: string,
    /** When this session signed in with a password: paying needs it to be under 30 minutes old. */
    readonly signedInAt: Date,
    readonly input: PaymentInput,
    /** The network address the request came from: declined cards are limited per address too. */
    readonly clientAddress: string,
  ) {
    super();
  }
}
