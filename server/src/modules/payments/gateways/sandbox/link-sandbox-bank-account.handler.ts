import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { SANDBOX_ROUTING_NUMBER } from '@rentwise/libs/sandbox-bank-accounts';
import { GetPayoutAccount } from '../../../onboarding/contracts/get-payout-account.query';
import { GetTenancy } from '../../../tenants/contracts/get-tenancy.query';
import { LinkSandboxBankAccount } from '../../contracts/link-sandbox-bank-account.command';
import { SandboxBankDebits } from './sandbox-bank-debits';

@CommandHandler(LinkSandboxBankAccount)
export class LinkSandboxBankAccountHandler implements ICommandHandler<LinkSandboxBankAccount> {
  constructor(
    private readonly queries: QueryBus,
    private readonly bankDebits: SandboxBankDebits,
  ) {}

  async execute({ tenantUserId, accountHolderName, accountNumber }: LinkSandboxBankAccount): Promise<string> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    const payout = tenancy ? await this.queries.execute(new GetPayoutAccount(tenancy.landlordUserId)) : null;
    if (!payout) throw new ConflictException(MESSAGES.bankDebitsNotOffered);
    const linked = await this.bankDebits.link({ account: payout.accountId, accountHolderName, routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber, verification: 'instant' });
    return linked.id;
  }
}
