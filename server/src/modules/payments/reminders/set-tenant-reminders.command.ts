import { Command } from '@nestjs/cqrs';

/** The tenant turns all their rent reminders on or off. */
export class SetTenantReminders extends Command<void> {
  constructor(
    readonly tenantUserId: string,
    readonly remindersOn: boolean,
  ) {
    super();
  }
}
