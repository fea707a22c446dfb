import { Command } from '@nestjs/cqrs';
import type { DirectPaymentInput } from '@rentwise/libs/schemas/direct-payment.schema';
import type { PaidRent } from './pay-rent.command';

/**
 * A tenant of a landlord on the direct gateway (Authorize.Net) pays rent: the entered amount plus the
 * processing fee, authorized and captured on the platform's merchant account with the nonce from the
 * gateway's tokenizer. One charge per idempotency key, even when an answer is lost (decision 0019).
 */
export class PayRentDirect extends Command<PaidRent> {
  constructor(
    readonly tenantUserId: string,
    readonly signedInAt: Date,
    readonly input: DirectPaymentInput,
    readonly clientAddress: string,
  ) {
    super();
  }
}
