import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { localYearMonthAt, shiftBillingMonth } from '@rentwise/libs/billing-month';
import { rentDueAt } from '@rentwise/libs/rent-charges';
import { tenantBalanceCents } from '@rentwise/libs/tenant-balance';
import { Clock } from '../../../infrastructure/clock/clock';
import { TenantLedgerReader } from '../charges/tenant-ledger-reader';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { GetTenantBalance, TenantBalanceView } from './get-tenant-balance.query';
import { ListTenantPayments } from './list-tenant-payments.query';

@QueryHandler(GetTenantBalance)
export class GetTenantBalanceHandler implements IQueryHandler<GetTenantBalance> {
  constructor(
    private readonly ledger: TenantLedgerReader,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ tenantUserId }: GetTenantBalance): Promise<TenantBalanceView | null> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) return null;
    const [journals, timeZone, payments] = await Promise.all([
      this.ledger.journals(tenantUserId, tenancy.propertyId),
      this.queries.execute(new GetLandlordTimeZone(tenancy.landlordUserId)),
      this.queries.execute(new ListTenantPayments(tenantUserId)),
    ]);
    const balanceCents = tenantBalanceCents(journals);
    const now = this.clock.now();
    // This month's due date when it is still ahead, else next month's.
    const thisMonth = localYearMonthAt(now, timeZone);
    const candidates = [thisMonth, shiftBillingMonth(thisMonth, 1)].map((month) => rentDueAt(month, tenancy.rentDueDay, timeZone));
    const nextDueAt = candidates.find((dueAt) => dueAt.getTime() > now.getTime()) as Date;
    return {
      balanceCents,
      nextDue: { dueAt: nextDueAt.toISOString(), amountCents: tenancy.rentCents },
      timeZone,
      lastPayment: payments[0] ?? null,
    };
  }
}
