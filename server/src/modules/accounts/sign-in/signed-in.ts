import type { Session } from '../sessions/session.entity';
import type { User } from '../users/user.entity';

export interface SignedIn {
  token: string;
  session: Session;
  user: User;
}
