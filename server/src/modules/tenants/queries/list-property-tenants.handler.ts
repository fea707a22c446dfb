import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import type { UserView } from '../../accounts/contracts/user-view';
import { managedProperty } from '../tenancies/managed-property';
import { LandlordTenantView, TenantPropertyView, toLandlordTenantView, toTenantPropertyView } from './landlord-tenant-view';
import { ListPropertyTenants } from './list-property-tenants.query';

/** A landlord's tenant screen: the property's current tenancies, prepared once per connection. */
const CURRENT_TENANCIES = preparedStatement<
  { tenant_user_id: string; property_id: string; started_at: Date },
  [propertyId: string, landlordUserId: string]
>(
  'tenants.current-tenancies',
  `SELECT tenant_user_id, property_id, started_at FROM tenants.tenancies
    WHERE property_id = $1 AND landlord_user_id = $2 AND ended_at IS NULL
    ORDER BY started_at, id`,
);

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
    const tenancies = await this.unitOfWork.query(CURRENT_TENANCIES, [property.propertyId, landlordUserId]);
    // The property's handful of tenants in one question to Accounts.
    const users = tenancies.length
      ? await this.queries.execute(new GetUsers(tenancies.map((tenancy) => tenancy.tenant_user_id)))
      : new Map<string, UserView>();
    const rows: LandlordTenantView[] = [];
    for (const tenancy of tenancies) {
      const user = users.get(tenancy.tenant_user_id);
      if (user) {
        rows.push(
          toLandlordTenantView({ tenantUserId: tenancy.tenant_user_id, propertyId: tenancy.property_id, startedAt: tenancy.started_at }, user),
        );
      }
    }
    return {
      property: toTenantPropertyView(property),
      rows,
    };
  }
}
