import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ProviderEventContext,
  HandlesProviderEvent,
  ProviderEventOutcome,
} from '../../../infrastructure/inbox/provider-event-handlers';
import { ConnectedAccountNotFound } from '../../../infrastructure/providers/provider-errors';
import { PayoutAccountProvider } from '../contracts/payout-account-provider.port';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { SyncPayoutAccount } from '../contracts/sync-payout-account.command';

/**
 * A landlord's payout account changed at the provider. Events arrive late and out of order, so the
 * account is read back from the provider and its current state is what onboarding keeps.
 */
@Injectable()
export class PayoutAccountChangedHandler {
  private readonly logger = new Logger(PayoutAccountChangedHandler.name);

  constructor(
    private readonly gateway: PayoutAccountProvider,
    private readonly commands: CommandBus,
  ) {}

  @HandlesProviderEvent('PayoutAccountChanged')
  async handle({ accountId }: ProviderEventOf<'PayoutAccountChanged'>, _context: ProviderEventContext): Promise<ProviderEventOutcome> {
    let account;
    try {
      account = await this.gateway.retrieveAccount(accountId);
    } catch (error) {
      if (error instanceof ConnectedAccountNotFound) return { outcome: 'skipped', reason: 'the provider no longer knows the account' };
      throw error;
    }
    await this.commands.execute(
      new SyncPayoutAccount(account.accountId, account.chargesEnabled, account.payoutsEnabled, account.detailsSubmitted, account.bankDebitsEnabled),
    );
    this.logger.log({ accountId }, 'Payout account synced');
    return { outcome: 'done', detail: 'payout account synced' };
  }
}
