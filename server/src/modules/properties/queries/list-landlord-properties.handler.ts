import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { IsNull } from 'typeorm';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ListLandlordProperties } from '../contracts/list-landlord-properties.query';
import type { PropertySummary } from '../contracts/property-summary';
import { Property } from '../properties/property.entity';
import { toPropertySummary } from '../properties/to-property-summary';

@QueryHandler(ListLandlordProperties)
export class ListLandlordPropertiesHandler implements IQueryHandler<ListLandlordProperties> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ landlordUserId, options }: ListLandlordProperties): Promise<PropertySummary[]> {
    const properties = await this.unitOfWork.repository(Property).find({
      where: { landlordUserId, ...(options.includeArchived === false ? { archivedAt: IsNull() } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return properties.map(toPropertySummary);
  }
}
