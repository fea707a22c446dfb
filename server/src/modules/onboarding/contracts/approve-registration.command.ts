import { Command } from '@nestjs/cqrs';

/**
 * An operator lets a landlord in. In one transaction: the registration and the account are approved
 * and the first email (step 1: payout account, step 2: password) is queued. 409 when already reviewed.
 */
export class ApproveRegistration extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly operatorUserId: string,
  ) {
    super();
  }
}
