import { Command } from '@nestjs/cqrs';
import type { UserView } from './user-view';

export interface UserContact {
  firstName: string;
  lastName: string;
  /** Trimmed and lowercased here as well, whatever the caller did. */
  email: string;
  /** (999) 999-9999, as the shared schemas produce it. */
  phone: string;
}

/**
 * Changes another person's name, email and phone (a landlord editing a tenant; people change their
 * own through Personal Information). The email only while the account has no password yet (an
 * invitation sent to a mistyped address): after that, 409 emailChangeNeedsOwner. 409 emailTaken when
 * another account uses the email; 404 for an unknown or removed user. Answers the updated view.
 */
export class UpdateUserContact extends Command<UserView> {
  constructor(
    readonly userId: string,
    readonly contact: UserContact,
  ) {
    super();
  }
}
