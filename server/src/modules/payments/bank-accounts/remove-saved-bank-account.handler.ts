import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BankAccounts } from './bank-accounts';
import { RemoveSavedBankAccount } from './remove-saved-bank-account.command';

@CommandHandler(RemoveSavedBankAccount)
export class RemoveSavedBankAccountHandler implements ICommandHandler<RemoveSavedBankAccount> {
  constructor(private readonly accounts: BankAccounts) {}

  execute({ tenantUserId, bankAccountId }: RemoveSavedBankAccount): Promise<boolean> {
    return this.accounts.remove(tenantUserId, bankAccountId);
  }
}
