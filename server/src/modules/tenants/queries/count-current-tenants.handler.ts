import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { CountCurrentTenants } from '../../properties/contracts/count-current-tenants.query';
import { isId } from '../tenancies/ids';

/** Behind every landlord property list: prepared once per connection. */
const CURRENT_TENANT_COUNTS = preparedStatement<{ property_id: string; tenants: number }, [propertyIds: string[]]>(
  'tenants.current-tenant-counts',
  `SELECT property_id, count(*)::int AS tenants FROM tenants.tenancies
    WHERE ended_at IS NULL AND property_id = ANY($1::uuid[]) GROUP BY property_id`,
);

@QueryHandler(CountCurrentTenants)
export class CountCurrentTenantsHandler implements IQueryHandler<CountCurrentTenants> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ propertyIds }: CountCurrentTenants): Promise<Record<string, number>> {
    const counts: Record<string, number> = Object.fromEntries(propertyIds.map((id) => [id, 0]));
    const ids = propertyIds.filter(isId);
    if (ids.length === 0) return counts;
    const rows = await this.unitOfWork.query(CURRENT_TENANT_COUNTS, [ids]);
    for (const row of rows) counts[row.property_id] = row.tenants;
    return counts;
  }
}
