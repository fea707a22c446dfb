import { Command } from '@nestjs/cqrs';
import type { UserType } from '../../../infrastructure/http/roles.decorator';

export interface NewUser {
  type: UserType;
  firstName: string;
  lastName: string;
  /** Lowercased by the shared schemas before it gets here. */
  email: string;
  phone: string;
  /**
   * pending: awaits an operator's review (landlord sign-up). approved: may create a password
   * through an emailed link. active: may sign in now (demo data and tests only; needs a password).
   */
  status: 'pending' | 'approved' | 'active';
  password?: string;
}

/** Creates a person's account. Answers 409 with the catalogue's message when the email is taken. */
export class CreateUser extends Command<{ userId: string }> {
  constructor(readonly user: NewUser) {
    super();
  }
}
