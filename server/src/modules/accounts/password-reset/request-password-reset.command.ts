import { Command } from '@nestjs/cqrs';

/** Emails a reset link when the email belongs to an active account; answers the same either way. */
export class RequestPasswordReset extends Command<void> {
  constructor(
    readonly email: string,
    /** The caller's network address, for the request limit. */
    readonly address: string,
  ) {
    super();
  }
}
