import { Command } from '@nestjs/cqrs';

/** Creates the first password from an emailed activation link: 'approved' -> 'active'. */
export class ActivateAccount extends Command<void> {
  constructor(
    readonly email: string,
    readonly token: string,
    readonly password: string,
  ) {
    super();
  }
}
