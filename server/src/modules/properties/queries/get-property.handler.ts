import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetProperty } from '../contracts/get-property.query';
import type { PropertySummary } from '../contracts/property-summary';
import { isPropertyId } from '../properties/property-id';
import { Property } from '../properties/property.entity';
import { toPropertySummary } from '../properties/to-property-summary';

@QueryHandler(GetProperty)
export class GetPropertyHandler implements IQueryHandler<GetProperty> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyId }: GetProperty): Promise<PropertySummary | null> {
    if (!isPropertyId(propertyId)) return null;
    // Asked from inside a transaction (adding or moving a tenant), the row is share-locked until
    // it commits, so the property cannot be removed between this read and that write.
    const inTransaction = this.unitOfWork.manager.queryRunner?.isTransactionActive ?? false;
    const property = await this.unitOfWork.repository(Property).findOne({
      where: { id: propertyId },
      ...(inTransaction ? { lock: { mode: 'pessimistic_read' as const } } : {}),
    });
    return property ? toPropertySummary(property) : null;
  }
}
