import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUsers } from '../contracts/get-users.query';
import { UserView } from '../contracts/user-view';
import { USER_VIEWS, userViewOfRow } from './user-view-reads';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@QueryHandler(GetUsers)
export class GetUsersHandler implements IQueryHandler<GetUsers> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ userIds }: GetUsers): Promise<ReadonlyMap<string, UserView>> {
    // Ids come from other modules' rows; anything that is not a uuid cannot name a user (and would fail the cast).
    const ids = [...new Set(userIds.filter((id) => UUID.test(id)))];
    if (ids.length === 0) return new Map();
    const rows = await this.unitOfWork.query(USER_VIEWS, [ids]);
    return new Map(rows.map((row) => [row.id, userViewOfRow(row)]));
  }
}
