import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { AutopayRunView } from './get-autopay.query';
import { type LandlordAutopayRow, ListLandlordAutopay } from './list-landlord-autopay.query';

@QueryHandler(ListLandlordAutopay)
export class ListLandlordAutopayHandler implements IQueryHandler<ListLandlordAutopay> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ landlordUserId }: ListLandlordAutopay): Promise<LandlordAutopayRow[]> {
    // Plans by landlord (autopay_plans_landlord_idx), each with its last run (autopay_runs_landlord_idx).
    const rows = await this.unitOfWork.manager.query<
      { tenant_user_id: string; is_on: boolean; period: string | null; attempt: number | null; amount_cents: number | null; status: AutopayRunView['status'] | null; failure_message: string | null; created_at: Date | null }[]
    >(
      `SELECT p.tenant_user_id, p.is_on, r.period, r.attempt, r.amount_cents, r.status, r.failure_message, r.created_at
         FROM payments.autopay_plans p
         LEFT JOIN LATERAL (SELECT * FROM payments.autopay_runs x WHERE x.landlord_user_id = p.landlord_user_id AND x.tenant_user_id = p.tenant_user_id
                             ORDER BY x.created_at DESC LIMIT 1) r ON true
        WHERE p.landlord_user_id = $1
        ORDER BY p.tenant_user_id`,
      [landlordUserId],
    );
    return rows.map((row) => ({
      tenantUserId: row.tenant_user_id,
      isOn: row.is_on,
      lastPayment:
        row.period && row.created_at
          ? {
              period: row.period,
              attempt: row.attempt as number,
              amountCents: row.amount_cents as number,
              status: row.status as AutopayRunView['status'],
              failureMessage: row.failure_message,
              createdAt: row.created_at.toISOString(),
            }
          : null,
    }));
  }
}
