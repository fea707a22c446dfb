import { Command } from '@nestjs/cqrs';

/**
 * The provider sent the landlord to our refresh URL (its Account Link expired or was reused):
 * a new link to the same onboarding, or null when the state or this browser cannot be trusted.
 */
export class RefreshAccountLink extends Command<{ url: string } | null> {
  constructor(
    readonly state: string,
    readonly bindingNonce: string | undefined,
  ) {
    super();
  }
}
