import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ListPropertyTenancies, TenancyPeriod } from '../contracts/list-property-tenancies.query';
import { isId } from '../tenancies/ids';

/** Read for every statement and Monthly Overview: index tenancies_property_idx gives the order. */
const PROPERTY_TENANCIES = preparedStatement<
  { tenant_user_id: string; started_at: Date; ended_at: Date | null },
  [propertyId: string]
>(
  'tenants.property-tenancies',
  `SELECT tenant_user_id, started_at, ended_at FROM tenants.tenancies WHERE property_id = $1 ORDER BY started_at, id`,
);

@QueryHandler(ListPropertyTenancies)
export class ListPropertyTenanciesHandler implements IQueryHandler<ListPropertyTenancies> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyId }: ListPropertyTenancies): Promise<TenancyPeriod[]> {
    if (!isId(propertyId)) return [];
    const rows = await this.unitOfWork.query(PROPERTY_TENANCIES, [propertyId]);
    return rows.map((row) => ({
      tenantUserId: row.tenant_user_id,
      startedAt: row.started_at.toISOString(),
      endedAt: row.ended_at?.toISOString() ?? null,
    }));
  }
}
