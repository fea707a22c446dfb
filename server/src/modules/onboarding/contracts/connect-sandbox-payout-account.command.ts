import { Command } from '@nestjs/cqrs';

/**
 * Development and demo data only (the sandbox gateway; refused with Stripe): gives an approved
 * landlord a payout account that has finished the sandbox's onboarding and can take charges, as if
 * they had done step 1 themselves. Returns the connected account id.
 */
export class ConnectSandboxPayoutAccount extends Command<{ accountId: string }> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
