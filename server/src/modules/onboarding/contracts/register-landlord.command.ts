import { Command } from '@nestjs/cqrs';
import type { SignUpInput } from '@rentwise/libs/schemas/sign-up.schema';

/** A landlord signs up: a pending account and a registration for an operator to review. 409 when the email is taken. */
export class RegisterLandlord extends Command<{ registrationId: string; landlordUserId: string }> {
  constructor(readonly application: SignUpInput) {
    super();
  }
}
