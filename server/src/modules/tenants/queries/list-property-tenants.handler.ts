import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { IsNull } from 'typeorm';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { managedProperty } from '../tenancies/managed-property';
import { Tenancy } from '../tenancies/tenancy.entity';
import { LandlordTenantView, TenantPropertyView, toLandlordTenantView } from './landlord-tenant-view';
import { ListPropertyTenants } from './list-property-tenants.query';

@QueryHandler(ListPropertyTenants)
export class ListPropertyTenantsHandler implements IQueryHandler<ListPropertyTenants> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
  ) {}

  async execute({
    landlordUserId,
    propertyId,
  }: ListPropertyTenants): Promise<{ property: TenantPropertyView; rows: LandlordTenantView[] }> {
    const property = await managedProperty(this.queries, landlordUserId, propertyId);
    const tenancies = await this.unitOfWork.repository(Tenancy).find({
      where: { propertyId: property.propertyId, landlordUserId, endedAt: IsNull() },
      order: { startedAt: 'ASC', id: 'ASC' },
    });
    // A property has a handful of tenants; one lookup each keeps Accounts' surface small.
    const rows: LandlordTenantView[] = [];
    for (const tenancy of tenancies) {
      const user = await this.queries.execute(new GetUser(tenancy.tenantUserId));
      if (user) rows.push(toLandlordTenantView(tenancy, user));
    }
    return {
      property: { propertyId: property.propertyId, address: property.address, rentCents: property.rentCents },
      rows,
    };
  }
}
