import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetProperty } from '../contracts/get-property.query';
import type { PropertySummary } from '../contracts/property-summary';
import { isPropertyId } from '../properties/property-id';
import { propertyOfRow, PROPERTY_BY_ID } from '../properties/property-reads';
import { toPropertySummary } from '../properties/to-property-summary';

/** A plain read, in or out of a transaction; LockPropertyForTenancy is the one that locks. */
@QueryHandler(GetProperty)
export class GetPropertyHandler implements IQueryHandler<GetProperty> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyId }: GetProperty): Promise<PropertySummary | null> {
    if (!isPropertyId(propertyId)) return null;
    const [row] = await this.unitOfWork.query(PROPERTY_BY_ID, [propertyId]);
    return row ? toPropertySummary(propertyOfRow(row)) : null;
  }
}
