import { Command } from '@nestjs/cqrs';

/**
 * The onboarding reviewer lets a landlord in: 'pending' -> 'approved', after which an 'activation'
 * link (IssuePasswordLink) lets them create a password. 409 when the account is not pending.
 */
export class ApproveUser extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}
