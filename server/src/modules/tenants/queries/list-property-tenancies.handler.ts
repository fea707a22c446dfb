import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ListPropertyTenancies, TenancyPeriod } from '../contracts/list-property-tenancies.query';
import { ListTenanciesOfProperties } from '../contracts/list-tenancies-of-properties.query';
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

/** Many properties' tenancies in one statement, in each property's order (same index). */
const TENANCIES_OF_PROPERTIES = preparedStatement<
  { property_id: string; tenant_user_id: string; started_at: Date; ended_at: Date | null },
  [propertyIds: string[]]
>(
  'tenants.tenancies-of-properties',
  `SELECT property_id, tenant_user_id, started_at, ended_at FROM tenants.tenancies
    WHERE property_id = ANY($1::uuid[]) ORDER BY property_id, started_at, id`,
);

@QueryHandler(ListTenanciesOfProperties)
export class ListTenanciesOfPropertiesHandler implements IQueryHandler<ListTenanciesOfProperties> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyIds }: ListTenanciesOfProperties): Promise<Map<string, TenancyPeriod[]>> {
    const tenancies = new Map<string, TenancyPeriod[]>();
    const ids = propertyIds.filter(isId);
    if (ids.length === 0) return tenancies;
    for (const row of await this.unitOfWork.query(TENANCIES_OF_PROPERTIES, [ids])) {
      const periods = tenancies.get(row.property_id) ?? [];
      periods.push({ tenantUserId: row.tenant_user_id, startedAt: row.started_at.toISOString(), endedAt: row.ended_at?.toISOString() ?? null });
      tenancies.set(row.property_id, periods);
    }
    return tenancies;
  }
}
