import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { GetTenancy } from '../contracts/get-tenancy.query';
import type { TenancyView } from '../contracts/tenancy-view';
import { isId } from '../tenancies/ids';

/** Asked before every payment and on the tenant's pages: index tenancies_one_current_key. */
const CURRENT_TENANCY = preparedStatement<
  { id: string; property_id: string; landlord_user_id: string; started_at: Date },
  [tenantUserId: string]
>(
  'tenants.current-tenancy',
  `SELECT id, property_id, landlord_user_id, started_at FROM tenants.tenancies WHERE tenant_user_id = $1 AND ended_at IS NULL`,
);

@QueryHandler(GetTenancy)
export class GetTenancyHandler implements IQueryHandler<GetTenancy> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
  ) {}

  async execute({ tenantUserId }: GetTenancy): Promise<TenancyView | null> {
    if (!isId(tenantUserId)) return null;
    const [tenancy] = await this.unitOfWork.query(CURRENT_TENANCY, [tenantUserId]);
    if (!tenancy) return null;
    const property = await this.queries.execute(new GetProperty(tenancy.property_id));
    if (!property) return null;
    return {
      tenancyId: tenancy.id,
      tenantUserId,
      propertyId: tenancy.property_id,
      landlordUserId: tenancy.landlord_user_id,
      rentCents: property.rentCents,
      rentDueDay: property.rentDueDay,
      propertyAddress: property.address,
      startedAt: tenancy.started_at.toISOString(),
    };
  }
}
