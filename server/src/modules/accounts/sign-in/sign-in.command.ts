import { Command } from '@nestjs/cqrs';
import type { SignedIn } from './signed-in';

export class SignIn extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    /** The caller's network address, for the brute-force limit. */
    readonly address: string,
  ) {
    super();
  }
}
