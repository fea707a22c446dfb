import { Command } from '@nestjs/cqrs';

export type PayoutOnboardingMethod = 'account_link' | 'oauth';

export type StartPayoutOnboardingResult =
  | { outcome: 'redirect'; url: string }
  | { outcome: 'link_refused'; reason: 'unknown' | 'used' | 'expired' | 'not_approved' };

/**
 * The landlord opened step 1 of the approval email: where to send their browser. By default the
 * provider's hosted onboarding for a connected account opened for them (once); with `oauth`, the
 * provider's page to connect an account they already have.
 */
export class StartPayoutOnboarding extends Command<StartPayoutOnboardingResult> {
  constructor(
    readonly token: string,
    readonly method: PayoutOnboardingMethod,
    /** The random value set in this browser's cookie; the state carries its hash. */
    readonly bindingNonce: string,
  ) {
    super();
  }
}
