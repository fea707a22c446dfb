import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetRentHistory, RentPeriod } from '../contracts/get-rent-history.query';
import { isPropertyId } from '../properties/property-id';
import { RentHistoryEntry } from '../properties/rent-history-entry.entity';

@QueryHandler(GetRentHistory)
export class GetRentHistoryHandler implements IQueryHandler<GetRentHistory> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyId }: GetRentHistory): Promise<RentPeriod[]> {
    if (!isPropertyId(propertyId)) return [];
    const entries = await this.unitOfWork.repository(RentHistoryEntry).find({
      where: { propertyId },
      order: { effectiveFrom: 'ASC', id: 'ASC' },
    });
    return entries.map(({ rentCents, effectiveFrom }) => ({ rentCents, effectiveFrom: effectiveFrom.toISOString() }));
  }
}
