import { Command } from '@nestjs/cqrs';
import type { AuthorizeNetKeysInput } from '@rentwise/libs/schemas/authorize-net-account.schema';

/**
 * Connects (or replaces) a landlord's own Authorize.Net merchant account, by the landlord or an
 * operator on their behalf: the keys are checked with Authorize.Net before anything is kept.
 */
export class SaveAuthorizeNetAccount extends Command<void> {
  constructor(
    readonly landlordUserId: string,
    readonly keys: AuthorizeNetKeysInput,
    readonly savedByUserId: string,
  ) {
    super();
  }
}
