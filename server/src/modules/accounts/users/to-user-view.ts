import type { UserView } from '../contracts/user-view';
import type { User } from './user.entity';

export function toUserView(user: User): UserView {
  return {
    userId: user.id,
    type: user.type,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    // The key changes with every upload, so the URL can be cached for good.
    photoUrl: user.photoKey ? `/api/account/photos/${user.photoKey}` : null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}
