import { Command } from '@nestjs/cqrs';
import type { PayoutStatus } from '@rentwise/libs/payout-status';

/**
 * The landlord is back from the provider (/landlord/oAuth). The signed state names the
 * registration; with an OAuth code the server exchanges it for the account id. Either way the
 * provider is asked how the account stands. 400/409 with a message when step 1 is not done.
 */
export class ConfirmPayoutAccount extends Command<{ payoutStatus: PayoutStatus }> {
  constructor(
    readonly state: string,
    readonly code: string | undefined,
    readonly bindingNonce: string | undefined,
  ) {
    super();
  }
}
