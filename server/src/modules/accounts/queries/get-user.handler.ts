import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../contracts/get-user.query';
import { UserView } from '../contracts/user-view';
import { USER_VIEW, userViewOfRow } from './user-view-reads';

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ userId }: GetUser): Promise<UserView | null> {
    const [row] = await this.unitOfWork.query(USER_VIEW, [userId]);
    return row ? userViewOfRow(row) : null;
  }
}
