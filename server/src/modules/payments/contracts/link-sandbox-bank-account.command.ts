import { Command } from '@nestjs/cqrs';

/**
 * Links one of the sandbox's test bank accounts for a tenant, on their landlord's sandbox account, as
 * the sandbox's stand-in bank page does: the demo data's way to a saved account (then SaveBankAccount).
 * Answers the payment method id. Only where the sandbox gateway runs.
 */
export class LinkSandboxBankAccount extends Command<string> {
  constructor(
    readonly tenantUserId: string,
    readonly accountHolderName: string,
    /** One of SANDBOX_TEST_BANK_ACCOUNTS (libs/sandbox-bank-accounts). */
    readonly accountNumber: string,
  ) {
    super();
  }
}
