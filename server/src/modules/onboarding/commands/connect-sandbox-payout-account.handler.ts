import { ConflictException, Optional } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PayoutAccountProvider } from '../contracts/payout-account-provider.port';
import { SandboxOnboarding } from '../contracts/sandbox-onboarding.port';
import { ConnectSandboxPayoutAccount } from '../contracts/connect-sandbox-payout-account.command';
import { PayoutConnections } from '../registrations/payout-connections';
import { Registration } from '../registrations/registration.entity';
import { payoutAccountIdempotencyKey } from './start-payout-onboarding.handler';

@CommandHandler(ConnectSandboxPayoutAccount)
export class ConnectSandboxPayoutAccountHandler implements ICommandHandler<ConnectSandboxPayoutAccount> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly gateway: PayoutAccountProvider,
    private readonly connections: PayoutConnections,
    @Optional() private readonly sandboxOnboarding?: SandboxOnboarding,
  ) {}

  async execute({ landlordUserId }: ConnectSandboxPayoutAccount): Promise<{ accountId: string }> {
    if (this.gateway.name !== 'sandbox' || !this.sandboxOnboarding) {
      throw new Error('Only the sandbox gateway connects a payout account without the landlord');
    }
    const registration = await this.unitOfWork.repository(Registration).findOneBy({ landlordUserId });
    if (!registration || registration.status !== 'approved') throw new ConflictException(MESSAGES.payoutAccountNotConfirmed);
    // The same account step 1 would open for this registration (same idempotency key).
    const accountId =
      registration.payoutAccountId ??
      (
        await this.gateway.createConnectedAccount({
          email: registration.email,
          idempotencyKey: payoutAccountIdempotencyKey(registration.id),
        })
      ).accountId;
    await this.sandboxOnboarding.completeOnboarding(accountId);
    await this.connections.record(registration.id, await this.gateway.retrieveAccount(accountId));
    return { accountId };
  }
}
