import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ListPropertiesOfLandlords } from '../contracts/list-properties-of-landlords.query';
import type { PropertySummary } from '../contracts/property-summary';
import { LANDLORDS_PROPERTIES, propertyOfRow } from '../properties/property-reads';
import { toPropertySummary } from '../properties/to-property-summary';

@QueryHandler(ListPropertiesOfLandlords)
export class ListPropertiesOfLandlordsHandler implements IQueryHandler<ListPropertiesOfLandlords> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ landlordUserIds }: ListPropertiesOfLandlords): Promise<ReadonlyMap<string, PropertySummary[]>> {
    const byLandlord = new Map<string, PropertySummary[]>();
    if (landlordUserIds.length === 0) return byLandlord;
    for (const row of await this.unitOfWork.query(LANDLORDS_PROPERTIES, [landlordUserIds])) {
      const property = toPropertySummary(propertyOfRow(row));
      const properties = byLandlord.get(property.landlordUserId);
      if (properties) properties.push(property);
      else byLandlord.set(property.landlordUserId, [property]);
    }
    return byLandlord;
  }
}
