import { Command } from '@nestjs/cqrs';

/**
 * A single-use link for an emailed message: 'activation' opens /account/create-password,
 * 'password_reset' opens /account/reset-password. Run it in the transaction that sends the email.
 */
export class IssuePasswordLink extends Command<{ url: string }> {
  constructor(
    readonly userId: string,
    readonly purpose: 'activation' | 'password_reset',
  ) {
    super();
  }
}
