import { Command } from '@nestjs/cqrs';

/**
 * Stops a person signing in (status 'disabled') and ends every session they have, without
 * freeing their email. Idempotent; 404 for an unknown user id; 409 for a removed account.
 */
export class DisableUser extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}
