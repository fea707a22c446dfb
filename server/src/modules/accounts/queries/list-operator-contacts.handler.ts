import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ListOperatorContacts, OperatorContact } from '../contracts/list-operator-contacts.query';

@QueryHandler(ListOperatorContacts)
export class ListOperatorContactsHandler implements IQueryHandler<ListOperatorContacts> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(): Promise<OperatorContact[]> {
    const rows = await this.unitOfWork.manager.query<{ id: string; first_name: string; email: string }[]>(
      `SELECT id, first_name, email FROM accounts.users WHERE type = 'operator' AND status = 'active' ORDER BY created_at, id`,
    );
    return rows.map((row) => ({ userId: row.id, firstName: row.first_name, email: row.email }));
  }
}
