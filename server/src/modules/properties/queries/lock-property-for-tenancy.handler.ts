import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { LockPropertyForTenancy } from '../contracts/lock-property-for-tenancy.query';
import type { PropertySummary } from '../contracts/property-summary';
import { isPropertyId } from '../properties/property-id';
import { Property } from '../properties/property.entity';
import { toPropertySummary } from '../properties/to-property-summary';

@QueryHandler(LockPropertyForTenancy)
export class LockPropertyForTenancyHandler implements IQueryHandler<LockPropertyForTenancy> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyId }: LockPropertyForTenancy): Promise<PropertySummary | null> {
    if (!(this.unitOfWork.manager.queryRunner?.isTransactionActive ?? false)) {
      throw new Error('LockPropertyForTenancy holds its lock until the transaction ends: send it inside unitOfWork.run');
    }
    if (!isPropertyId(propertyId)) return null;
    const property = await this.unitOfWork.repository(Property).findOne({
      where: { id: propertyId },
      lock: { mode: 'pessimistic_read' },
    });
    return property ? toPropertySummary(property) : null;
  }
}
