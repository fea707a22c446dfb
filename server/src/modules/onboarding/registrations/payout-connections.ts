import { ConflictException, Injectable } from '@nestjs/common';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ConnectedAccountState } from '../contracts/payout-account-provider.port';
import { PayoutStatus, payoutStatusOf } from '@rentwise/libs/payout-status';
import { Registration } from './registration.entity';
import { StepOneTokens } from './step-one-tokens';

export interface RecordedPayoutAccount {
  status: PayoutStatus;
  /** Step 1 is done: the provider has the landlord's details (now or earlier). */
  connected: boolean;
}

/**
 * Writes what the provider says about a registration's payout account. Once the landlord has given
 * the provider their details (status other than pending) step 1 is done: the time is kept, the
 * step-1 links stop working. Whichever comes first, the landlord's return to /landlord/oAuth or
 * the provider's `account.updated` webhook, does this.
 */
@Injectable()
export class PayoutConnections {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly stepOneTokens: StepOneTokens,
    private readonly clock: Clock,
  ) {}

  async record(registrationId: string, account: ConnectedAccountState): Promise<RecordedPayoutAccount> {
    const status = payoutStatusOf(account);
    const now = this.clock.now();
    const connected = await this.unitOfWork.run(async () => {
      const registrations = this.unitOfWork.repository(Registration);
      const registration = await registrations.findOne({ where: { id: registrationId }, lock: { mode: 'pessimistic_write' } });
      if (!registration || registration.status !== 'approved') {
        throw new ConflictException(MESSAGES.payoutAccountNotConfirmed);
      }
      // Step 1 done once is done: a second account is a change of payout destination, which is
      // for support to make knowingly, never a side effect of an old link.
      if (registration.payoutConnectedAt && registration.payoutAccountId !== account.accountId) {
        throw new ConflictException(MESSAGES.payoutAccountNotConfirmed);
      }
      const newlyConnected = status !== 'pending' && !registration.payoutConnectedAt;
      try {
        await registrations.update(
          { id: registrationId },
          {
            payoutAccountId: account.accountId,
            payoutStatus: status,
            payoutChargesEnabled: account.chargesEnabled,
            payoutBankDebitsEnabled: account.bankDebitsEnabled,
            ...(newlyConnected ? { payoutConnectedAt: now } : {}),
          },
        );
      } catch (error) {
        // The account is already another registration's.
        if ((error as { code?: string }).code === '23505') throw new ConflictException(MESSAGES.payoutAccountNotConfirmed);
        throw error;
      }
      if (newlyConnected) await this.stepOneTokens.useUp(registrationId);
      return status !== 'pending' || Boolean(registration.payoutConnectedAt);
    });
    return { status, connected };
  }
}
