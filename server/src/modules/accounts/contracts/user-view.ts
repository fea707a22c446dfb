import type { UserType } from '../../../infrastructure/http/roles.decorator';

/** What the client and other modules may know about a person. Never the password hash. */
export interface UserView {
  userId: string;
  type: UserType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Null when the person has not uploaded one: the client shows the default image. */
  photoUrl: string | null;
  /** ISO time of the last password sign-in (the 30-minute payment rule). */
  lastLoginAt: string | null;
}
