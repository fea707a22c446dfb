import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ConnectedAccountNotFound, PaymentGateway } from '../../../infrastructure/payment-gateway/payment-gateway.port';
import type { PayoutAccountView } from '../../onboarding/contracts/get-payout-account.query';
import { SyncPayoutAccount } from '../../onboarding/contracts/sync-payout-account.command';

/**
 * Whether a landlord's payout account can take a card charge (decision 0026). Onboarding keeps the
 * provider's word current (the landlord's return, `account.updated`); a yes there is trusted, so a
 * payment or the payment screen costs no provider call. A no or an unknown is asked again, so an
 * account enabled a moment ago takes rent before its webhook arrives. What the provider answers is
 * synced back, so the next payment needs no call either.
 */
@Injectable()
export class PayoutAccountReadiness {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly commands: CommandBus,
  ) {}

  async canTakeCharges(payout: PayoutAccountView | null): Promise<boolean> {
    if (!payout) return false;
    if (payout.chargesEnabled) return true;
    return this.askProvider(payout.accountId, payout.chargesEnabled);
  }

  /**
   * A charge the provider failed after a yes here: true when the account has since stopped taking
   * charges (its `account.updated` not handled yet), which is the landlord's to fix, not an outage.
   */
  async stoppedTakingCharges(accountId: string): Promise<boolean> {
    try {
      return !(await this.askProvider(accountId, true));
    } catch {
      // The provider cannot answer this either: the charge's own failure stands.
      return false;
    }
  }

  private async askProvider(accountId: string, known: boolean | null): Promise<boolean> {
    try {
      const account = await this.gateway.retrieveAccount(accountId);
      if (account.chargesEnabled !== known) {
        await this.commands.execute(
          new SyncPayoutAccount(account.accountId, account.chargesEnabled, account.payoutsEnabled, account.detailsSubmitted),
        );
      }
      return account.chargesEnabled;
    } catch (error) {
      if (error instanceof ConnectedAccountNotFound) return false;
      throw error;
    }
  }
}
