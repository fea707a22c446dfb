import { Command } from '@nestjs/cqrs';
import type { RefundInput } from '@rentwise/libs/schemas/refund.schema';

export interface RefundSent {
  refundId: string;
  receiptId: string;
  amountCents: number;
  /** A void (Authorize.Net, before settlement) or a refund. */
  way: 'refund' | 'void';
  /** pending: the provider is still sending it (a bank account's refund takes days). */
  status: 'succeeded' | 'pending';
  /** False when this idempotency key sent the refund before: nothing refunded twice. */
  created: boolean;
}

/**
 * A landlord refunds (part of) a payment to them, with a reason for the tenant (decision 0044). 404 for
 * anything but the landlord's own payment; 409 when it cannot be refunded now; 400 above what is left.
 */
export class RefundPayment extends Command<RefundSent> {
  constructor(
    readonly landlordUserId: string,
    readonly receiptId: string,
    readonly input: RefundInput,
  ) {
    super();
  }
}
