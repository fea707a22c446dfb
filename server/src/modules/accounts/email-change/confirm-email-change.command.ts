import { Command } from '@nestjs/cqrs';

/**
 * Makes a requested email the account's sign-in email, with the single-use token from the link sent
 * to it; ends the account's other sessions. 400 linkInvalid for an unknown, used or expired token;
 * 409 emailTaken when another account took the address meanwhile.
 */
export class ConfirmEmailChange extends Command<{ email: string }> {
  constructor(
    readonly token: string,
    /** The browser opening the link, when it is signed in: as that person, it stays signed in. */
    readonly openedIn: { userId: string; sessionId: string } | null,
  ) {
    super();
  }
}
