import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { SyncPayoutAccount } from '../contracts/sync-payout-account.command';
import { PayoutConnections } from '../registrations/payout-connections';
import { Registration } from '../registrations/registration.entity';

@CommandHandler(SyncPayoutAccount)
export class SyncPayoutAccountHandler implements ICommandHandler<SyncPayoutAccount> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly connections: PayoutConnections,
  ) {}

  async execute({ accountId, chargesEnabled, payoutsEnabled, detailsSubmitted, bankDebitsEnabled }: SyncPayoutAccount): Promise<void> {
    const registration = await this.unitOfWork.repository(Registration).findOneBy({ payoutAccountId: accountId });
    // An account we never saved (abandoned, another platform's test data): nothing to keep current.
    if (!registration || registration.status !== 'approved') return;
    await this.connections.record(registration.id, { accountId, chargesEnabled, payoutsEnabled, detailsSubmitted, bankDebitsEnabled });
  }
}
