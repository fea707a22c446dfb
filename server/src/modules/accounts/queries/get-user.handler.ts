import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../contracts/get-user.query';
import { UserView } from '../contracts/user-view';
import { toUserView } from '../users/to-user-view';
import { User } from '../users/user.entity';

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ userId }: GetUser): Promise<UserView | null> {
    const user = await this.unitOfWork.repository(User).findOneBy({ id: userId });
    return user ? toUserView(user) : null;
  }
}
