import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ChargeableTenancy, ListTenanciesToCharge } from '../contracts/list-tenancies-to-charge.query';

type TenancyRow = { id: string; tenant_user_id: string; property_id: string; landlord_user_id: string; started_at: Date; ended_at: Date | null };

/** Keyset pages over the primary key: each page one index range, however far the walk has gone. */
const FIRST_PAGE = preparedStatement<TenancyRow, [limit: number]>(
  'tenants.tenancies-to-charge-first',
  `SELECT id, tenant_user_id, property_id, landlord_user_id, started_at, ended_at FROM tenants.tenancies ORDER BY id LIMIT $1`,
);
const PAGE_AFTER = preparedStatement<TenancyRow, [afterTenancyId: string, limit: number]>(
  'tenants.tenancies-to-charge-after',
  `SELECT id, tenant_user_id, property_id, landlord_user_id, started_at, ended_at FROM tenants.tenancies
    WHERE id > $1 ORDER BY id LIMIT $2`,
);

@QueryHandler(ListTenanciesToCharge)
export class ListTenanciesToChargeHandler implements IQueryHandler<ListTenanciesToCharge> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ afterTenancyId, limit }: ListTenanciesToCharge): Promise<ChargeableTenancy[]> {
    const rows = afterTenancyId === null ? await this.unitOfWork.query(FIRST_PAGE, [limit]) : await this.unitOfWork.query(PAGE_AFTER, [afterTenancyId, limit]);
    return rows.map((row) => ({
      tenancyId: row.id,
      tenantUserId: row.tenant_user_id,
      propertyId: row.property_id,
      landlordUserId: row.landlord_user_id,
      startedAt: row.started_at,
      endedAt: row.ended_at,
    }));
  }
}
