import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetRentHistories } from '../contracts/get-rent-histories.query';
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

/** Many properties' rents in one statement, in each property's order (same index). */
const RENT_HISTORIES = preparedStatement<{ property_id: string; rent_cents: number; effective_from: Date }, [propertyIds: string[]]>(
  'properties.rent-histories',
  `SELECT property_id, rent_cents, effective_from FROM properties.rent_history
    WHERE property_id = ANY($1::uuid[]) ORDER BY property_id, effective_from, id`,
);

@QueryHandler(GetRentHistories)
export class GetRentHistoriesHandler implements IQueryHandler<GetRentHistories> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyIds }: GetRentHistories): Promise<Map<string, RentPeriod[]>> {
    const histories = new Map<string, RentPeriod[]>();
    const ids = propertyIds.filter(isPropertyId);
    if (ids.length === 0) return histories;
    for (const row of await this.unitOfWork.query(RENT_HISTORIES, [ids])) {
      const periods = histories.get(row.property_id) ?? [];
      periods.push({ rentCents: row.rent_cents, effectiveFrom: row.effective_from.toISOString() });
      histories.set(row.property_id, periods);
    }
    return histories;
  }
}
