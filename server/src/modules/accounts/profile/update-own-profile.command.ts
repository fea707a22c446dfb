import { Command } from '@nestjs/cqrs';
import type { UserView } from '../contracts/user-view';

export interface OwnProfile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Needed for a new email unless the session signed in under 30 minutes ago. */
  currentPassword?: string;
}

export interface UpdatedOwnProfile {
  /** Name and phone as saved; the email is still the one the person signs in with. */
  user: UserView;
  /**
   * The new email a confirmation link was sent to, or null when the email did not change. The same
   * whether or not that address already has an account (its mailbox is told, not the asker).
   */
  pendingEmail: string | null;
}

/**
 * The signed-in person's own details: name and phone change at once; a new email only once the
 * link sent to it is opened (ConfirmEmailChange), after the current password or a fresh sign-in.
 */
export class UpdateOwnProfile extends Command<UpdatedOwnProfile> {
  constructor(
    readonly requester: { userId: string; sessionId: string; signedInAt: Date },
    readonly profile: OwnProfile,
    /** The caller's network address, for the wrong-password limit shared with sign-in. */
    readonly address: string,
  ) {
    super();
  }
}
