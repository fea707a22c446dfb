import { Command } from '@nestjs/cqrs';
import type { LinkedAccount } from '../bank-accounts/bank-accounts';

/** The tenant saves an account just linked, without paying now (for autopay, or for next time). */
export class SaveBankAccount extends Command<LinkedAccount> {
  constructor(
    readonly tenantUserId: string,
    /** The provider's payment method id from the bank link step. */
    readonly paymentMethodId: string,
  ) {
    super();
  }
}
