import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { localYearMonthAt, shiftBillingMonth } from '@rentwise/libs/billing-month';
import { DEFAULT_RENT_DUE_DAY, rentDueAt } from '@rentwise/libs/rent-charges';
import type { JournalKind } from '@rentwise/libs/statements';
import { tenantBalanceCents } from '@rentwise/libs/tenant-balance';
import { Clock } from '../../../infrastructure/clock/clock';
import { isoTimestamp } from '../../../infrastructure/database/iso-timestamp';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetRentDueDays } from '../../properties/contracts/get-rent-due-days.query';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { GetTenantBalance, TenantBalanceView } from './get-tenant-balance.query';
import { ListTenantPayments } from './list-tenant-payments.query';

/**
 * Every journal of the tenant at the property with its receivable and payment sums and its attempt's
 * fee: index ledger_transactions_tenant_idx, then the entries by transaction (a tenant's few hundred).
 */
const TENANT_JOURNALS = preparedStatement<
  {
    id: string;
    kind: JournalKind;
    occurred_at: string;
    description: string;
    corrects_transaction_id: string | null;
    receivable_cents: string;
    paid_cents: string;
    tenant_fee_cents: string | null;
  },
  [tenantUserId: string, propertyId: string]
>(
  'payments.tenant-journals',
  `SELECT t.id, t.kind, ${isoTimestamp('t.occurred_at')} AS occurred_at, t.description, t.corrects_transaction_id,
          coalesce(e.receivable, 0) AS receivable_cents, coalesce(e.paid, 0) AS paid_cents, c.processing_fee_cents AS tenant_fee_cents
     FROM payments.ledger_transactions t
    CROSS JOIN LATERAL (
      SELECT sum(x.amount_cents) FILTER (WHERE x.account = 'tenant_receivable') AS receivable,
             -sum(x.amount_cents) FILTER (WHERE x.account = 'tenant_card') AS paid
        FROM payments.ledger_entries x WHERE x.transaction_id = t.id) e
     LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = t.id
    WHERE t.tenant_user_id = $1 AND t.property_id = $2`,
);

@QueryHandler(GetTenantBalance)
export class GetTenantBalanceHandler implements IQueryHandler<GetTenantBalance> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ tenantUserId }: GetTenantBalance): Promise<TenantBalanceView | null> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) return null;
    const [rows, dueDays, timeZone, payments] = await Promise.all([
      this.unitOfWork.query(TENANT_JOURNALS, [tenantUserId, tenancy.propertyId]),
      this.queries.execute(new GetRentDueDays([tenancy.propertyId])),
      this.queries.execute(new GetLandlordTimeZone(tenancy.landlordUserId)),
      this.queries.execute(new ListTenantPayments(tenantUserId)),
    ]);
    const balanceCents = tenantBalanceCents(
      rows.map((row) => ({
        journalId: row.id,
        kind: row.kind,
        occurredAt: row.occurred_at,
        description: row.description,
        receivableCents: Number(row.receivable_cents),
        paidCents: Number(row.paid_cents),
        tenantFeeCents: row.tenant_fee_cents === null ? null : Number(row.tenant_fee_cents),
        correctsJournalId: row.corrects_transaction_id,
      })),
    );
    const now = this.clock.now();
    const dueDay = dueDays.get(tenancy.propertyId) ?? DEFAULT_RENT_DUE_DAY;
    // This month's due date when it is still ahead, else next month's.
    const thisMonth = localYearMonthAt(now, timeZone);
    const candidates = [thisMonth, shiftBillingMonth(thisMonth, 1)].map((month) => rentDueAt(month, dueDay, timeZone));
    const nextDueAt = candidates.find((dueAt) => dueAt.getTime() > now.getTime()) as Date;
    return {
      balanceCents,
      nextDue: { dueAt: nextDueAt.toISOString(), amountCents: tenancy.rentCents },
      lastPayment: payments[0] ?? null,
    };
  }
}
