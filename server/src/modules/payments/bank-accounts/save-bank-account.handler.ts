import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { TenantBankDebitContexts } from './tenant-bank-debit-contexts';
import type { LinkedAccount } from './bank-accounts';
import { LinkedBankAccounts } from './linked-bank-accounts';
import { SaveBankAccount } from '../contracts/save-bank-account.command';

@CommandHandler(SaveBankAccount)
export class SaveBankAccountHandler implements ICommandHandler<SaveBankAccount> {
  constructor(
    private readonly contexts: TenantBankDebitContexts,
    private readonly linked: LinkedBankAccounts,
  ) {}

  async execute({ tenantUserId, paymentMethodId }: SaveBankAccount): Promise<LinkedAccount> {
    const context = await this.contexts.of(tenantUserId);
    if (!context) throw new ConflictException(MESSAGES.noTenancyToPay);
    if (!context.payee) throw new ConflictException(MESSAGES.bankDebitsNotOffered);
    return this.linked.adopt(tenantUserId, context.payee, paymentMethodId, true);
  }
}
