import { Command } from '@nestjs/cqrs';

/**
 * The payment provider reports a landlord's payout account as it is now (sent by onboarding's own
 * PayoutAccountChanged handler after reading the account back, and by Payments when it asked the
 * provider before a charge). Safe to execute more than once; an account no registration knows
 * finishes quietly.
 */
export class SyncPayoutAccount extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly chargesEnabled: boolean,
    readonly payoutsEnabled: boolean,
    readonly detailsSubmitted: boolean,
    readonly bankDebitsEnabled: boolean,
  ) {
    super();
  }
}
