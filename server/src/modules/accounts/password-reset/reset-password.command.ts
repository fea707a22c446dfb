import { Command } from '@nestjs/cqrs';

/** Sets a new password with the single-use token from a reset email; ends every session. */
export class ResetPassword extends Command<void> {
  constructor(
    readonly email: string,
    readonly token: string,
    readonly password: string,
  ) {
    super();
  }
}
