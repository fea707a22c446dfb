import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import type { UserView } from '../contracts/user-view';
import { toUserView } from '../users/to-user-view';
import { User } from '../users/user.entity';

export interface UserViewRow {
  id: string;
  type: UserView['type'];
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  photo_key: string | null;
  last_login_at: Date | null;
}

const USER_VIEW_COLUMNS = 'id, type, first_name, last_name, email, phone, photo_key, last_login_at';

/** Asked once per row of other modules' lists (a property's tenants): prepared once per connection. */
export const USER_VIEW = preparedStatement<UserViewRow, [userId: string]>(
  'accounts.user-view',
  `SELECT ${USER_VIEW_COLUMNS} FROM accounts.users WHERE id = $1`,
);

/** Several users by primary key in one statement. */
export const USER_VIEWS = preparedStatement<UserViewRow, [userIds: string[]]>(
  'accounts.user-views',
  `SELECT ${USER_VIEW_COLUMNS} FROM accounts.users WHERE id = ANY($1::uuid[])`,
);

export function userViewOfRow(row: UserViewRow): UserView {
  return toUserView(
    Object.assign(new User(), {
      id: row.id,
      type: row.type,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      photoKey: row.photo_key,
      lastLoginAt: row.last_login_at,
    }),
  );
}
