import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../contracts/get-user.query';
import { UserView } from '../contracts/user-view';
import { toUserView } from '../users/to-user-view';
import { User } from '../users/user.entity';

/** Asked once per row of other modules' lists (a property's tenants): prepared once per connection. */
const USER_VIEW = preparedStatement<
  {
    id: string;
    type: UserView['type'];
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    photo_key: string | null;
    last_login_at: Date | null;
  },
  [userId: string]
>(
  'accounts.user-view',
  `SELECT id, type, first_name, last_name, email, phone, photo_key, last_login_at FROM accounts.users WHERE id = $1`,
);

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ userId }: GetUser): Promise<UserView | null> {
    const [row] = await this.unitOfWork.query(USER_VIEW, [userId]);
    if (!row) return null;
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
}
