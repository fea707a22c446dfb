import { Command } from '@nestjs/cqrs';

/**
 * What the browser's card form needs to save a card for autopay (decision 0042): with Stripe, a
 * SetupIntent for later payments without the tenant, for the tenant's customer on the landlord's
 * connected account (confirmed by Stripe.js's confirmCardSetup); in the sandbox, its own card form.
 */
export type CardSetupView =
  | { provider: 'stripe'; clientSecret: string; setupIntentId: string; publishableKey: string | null; connectedAccountId: string }
  | { provider: 'sandbox' };

export class StartCardSetup extends Command<CardSetupView> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
