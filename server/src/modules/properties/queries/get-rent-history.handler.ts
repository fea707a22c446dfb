import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetRentHistory, RentPeriod } from '../contracts/get-rent-history.query';
import { isPropertyId } from '../properties/property-id';

/** Read for every statement and Monthly Overview: index rent_history_property_idx gives the order. */
const RENT_HISTORY = preparedStatement<{ rent_cents: number; effective_from: Date }, [propertyId: string]>(
  'properties.rent-history',
  `SELECT rent_cents, effective_from FROM properties.rent_history WHERE property_id = $1 ORDER BY effective_from, id`,
);

@QueryHandler(GetRentHistory)
export class GetRentHistoryHandler implements IQueryHandler<GetRentHistory> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyId }: GetRentHistory): Promise<RentPeriod[]> {
    if (!isPropertyId(propertyId)) return [];
    const rows = await this.unitOfWork.query(RENT_HISTORY, [propertyId]);
    return rows.map((row) => ({ rentCents: row.rent_cents, effectiveFrom: row.effective_from.toISOString() }));
  }
}
