import { Command } from '@nestjs/cqrs';

/** A tenant takes a saved bank account off their payment screen. True when it was theirs and saved. */
export class RemoveSavedBankAccount extends Command<boolean> {
  constructor(
    readonly tenantUserId: string,
    readonly bankAccountId: string,
  ) {
    super();
  }
}
