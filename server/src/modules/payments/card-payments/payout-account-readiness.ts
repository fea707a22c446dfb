import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ConnectedAccountNotFound } from '../../../infrastructure/providers/provider-errors';
import { ConnectedAccountState } from '../../onboarding/contracts/payout-account-provider.port';
import { PaymentGateway } from '../gateways/payment-gateway.port';
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
  private readonly logger = new Logger(PayoutAccountReadiness.name);

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
   * Whether an account that takes charges (canTakeCharges said yes) takes bank debits as well, as the
   * provider last said: a no is trusted too (the tenant can still pay by card, and the capability's
   * activation comes as `account.updated`). Asked, and remembered, only when never known (an account
   * connected before bank debits).
   */
  async canTakeBankDebits(payout: PayoutAccountView): Promise<boolean> {
    if (payout.bankDebitsEnabled !== null) return payout.bankDebitsEnabled;
    try {
      const account = await this.gateway.retrieveAccount(payout.accountId);
      await this.remember(account);
      return account.bankDebitsEnabled;
    } catch (error) {
      if (error instanceof ConnectedAccountNotFound) return false;
      throw error;
    }
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
    let account: ConnectedAccountState;
    try {
      account = await this.gateway.retrieveAccount(accountId);
    } catch (error) {
      if (error instanceof ConnectedAccountNotFound) return false;
      throw error;
    }
    if (account.chargesEnabled !== known) await this.remember(account);
    return account.chargesEnabled;
  }

  /** Keeping the copy current is a courtesy to the next payment: its failure changes no answer. */
  private async remember(account: ConnectedAccountState): Promise<void> {
    try {
      await this.commands.execute(
        new SyncPayoutAccount(account.accountId, account.chargesEnabled, account.payoutsEnabled, account.detailsSubmitted, account.bankDebitsEnabled),
      );
    } catch (error) {
      this.logger.warn({ err: error, accountId: account.accountId }, 'Could not keep what the provider said about a payout account');
    }
  }
}
