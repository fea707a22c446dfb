import { Command } from '@nestjs/cqrs';

/** An operator turns a landlord away with a reason, which the landlord is emailed. 409 when already reviewed. */
export class RejectRegistration extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly operatorUserId: string,
    readonly reason: string,
  ) {
    super();
  }
}
