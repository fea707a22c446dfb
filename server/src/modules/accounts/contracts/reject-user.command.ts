import { Command } from '@nestjs/cqrs';

/** The onboarding reviewer turns a landlord away: 'pending' -> 'rejected'. 409 when not pending. */
export class RejectUser extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}
