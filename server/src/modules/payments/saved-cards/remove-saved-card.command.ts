import { Command } from '@nestjs/cqrs';

/**
 * A tenant removes a card they saved (its payments stay as they are). False when it is not theirs or
 * already removed; refused while autopay pays with it.
 */
export class RemoveSavedCard extends Command<boolean> {
  constructor(
    readonly tenantUserId: string,
    readonly savedCardId: string,
  ) {
    super();
  }
}
