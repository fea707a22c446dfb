import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { CountCurrentTenants } from '../contracts/count-current-tenants.query';
import { ListLandlordProperties } from '../contracts/list-landlord-properties.query';
import { ListManagedProperties } from './list-managed-properties.query';
import { ManagedPropertyView, toManagedPropertyView } from './managed-property-view';

@QueryHandler(ListManagedProperties)
export class ListManagedPropertiesHandler implements IQueryHandler<ListManagedProperties> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ landlordUserId }: ListManagedProperties): Promise<ManagedPropertyView[]> {
    const properties = await this.queries.execute(new ListLandlordProperties(landlordUserId, { includeArchived: false }));
    if (properties.length === 0) return [];
    const tenants = await this.queries.execute(new CountCurrentTenants(properties.map((p) => p.propertyId)));
    return properties.map((property) => toManagedPropertyView(property, tenants[property.propertyId]));
  }
}
