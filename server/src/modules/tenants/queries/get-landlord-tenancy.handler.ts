import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { GetLandlordTenancy, type LandlordTenancyView } from '../contracts/get-landlord-tenancy.query';
import { isId } from '../tenancies/ids';

/** The tenant's latest tenancy at the property under this landlord: index tenancies_property_idx. */
const LANDLORD_TENANCY = preparedStatement<{ started_at: Date; ended_at: Date | null }, [propertyId: string, tenantUserId: string, landlordUserId: string]>(
  'tenants.landlord-tenancy',
  `SELECT started_at, ended_at FROM tenants.tenancies
    WHERE property_id = $1 AND tenant_user_id = $2 AND landlord_user_id = $3
    ORDER BY started_at DESC, id DESC LIMIT 1`,
);

@QueryHandler(GetLandlordTenancy)
export class GetLandlordTenancyHandler implements IQueryHandler<GetLandlordTenancy> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
  ) {}

  async execute({ landlordUserId, propertyId, tenantUserId }: GetLandlordTenancy): Promise<LandlordTenancyView | null> {
    if (!isId(propertyId) || !isId(tenantUserId) || !isId(landlordUserId)) return null;
    const property = await this.queries.execute(new GetProperty(propertyId));
    if (!property || property.landlordUserId !== landlordUserId) return null;
    const [tenancy] = await this.unitOfWork.query(LANDLORD_TENANCY, [propertyId, tenantUserId, landlordUserId]);
    if (!tenancy) return null;
    const tenant = await this.queries.execute(new GetUser(tenantUserId));
    return {
      tenantUserId,
      propertyId,
      tenantName: tenant ? `${tenant.firstName} ${tenant.lastName}` : 'Former tenant',
      propertyAddress: property.address,
      startedAt: tenancy.started_at.toISOString(),
      endedAt: tenancy.ended_at?.toISOString() ?? null,
    };
  }
}
