import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ListLandlordProperties } from '../contracts/list-landlord-properties.query';
import type { PropertySummary } from '../contracts/property-summary';
import { LANDLORD_CURRENT_PROPERTIES, LANDLORD_PROPERTIES, propertyOfRow } from '../properties/property-reads';
import { toPropertySummary } from '../properties/to-property-summary';

/** Behind every landlord page (the property list and the dashboard): a prepared statement. */
@QueryHandler(ListLandlordProperties)
export class ListLandlordPropertiesHandler implements IQueryHandler<ListLandlordProperties> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ landlordUserId, options }: ListLandlordProperties): Promise<PropertySummary[]> {
    const statement = options.includeArchived === false ? LANDLORD_CURRENT_PROPERTIES : LANDLORD_PROPERTIES;
    const rows = await this.unitOfWork.query(statement, [landlordUserId]);
    return rows.map((row) => toPropertySummary(propertyOfRow(row)));
  }
}
