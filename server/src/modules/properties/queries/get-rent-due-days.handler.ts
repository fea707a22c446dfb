import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetRentDueDays } from '../contracts/get-rent-due-days.query';
import { isPropertyId } from '../properties/property-id';

const RENT_DUE_DAYS = preparedStatement<{ id: string; rent_due_day: number }, [propertyIds: string[]]>(
  'properties.rent-due-days',
  `SELECT id, rent_due_day FROM properties.properties WHERE id = ANY($1::uuid[])`,
);

@QueryHandler(GetRentDueDays)
export class GetRentDueDaysHandler implements IQueryHandler<GetRentDueDays> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyIds }: GetRentDueDays): Promise<Map<string, number>> {
    const ids = propertyIds.filter(isPropertyId);
    if (ids.length === 0) return new Map();
    const rows = await this.unitOfWork.query(RENT_DUE_DAYS, [ids]);
    return new Map(rows.map((row) => [row.id, row.rent_due_day]));
  }
}
