import { Command } from '@nestjs/cqrs';

/**
 * Closes a person's account for good (a landlord removing a tenant): status 'removed', every
 * session ended, unused emailed links voided. The row stays for history and the email is freed.
 * Idempotent; 404 for an unknown user id.
 */
export class RemoveUser extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}
