import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { LATE_FEES_OFF } from '@rentwise/libs/late-fees';
import { daysLateOfBalance, oldestUnpaidAt, sortUnpaidBalances, type UnpaidBalanceRow } from '@rentwise/libs/unpaid-balances';
import { Clock } from '../../../infrastructure/clock/clock';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { GetRentTerms } from '../../properties/contracts/get-rent-terms.query';
import { ListLandlordProperties } from '../../properties/contracts/list-landlord-properties.query';
import { ListTenanciesOfProperties } from '../../tenants/contracts/list-tenancies-of-properties.query';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { TenancyLedgers, tenancyKeyOf } from '../reminders/tenancy-ledgers';
import { ListUnpaidBalances } from './list-unpaid-balances.query';

/** Four reads for the properties, tenancies, people and terms, and one read of every tenancy's journals. */
@QueryHandler(ListUnpaidBalances)
export class ListUnpaidBalancesHandler implements IQueryHandler<ListUnpaidBalances> {
  constructor(
    private readonly queries: QueryBus,
    private readonly ledgers: TenancyLedgers,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, propertyIds }: ListUnpaidBalances): Promise<UnpaidBalanceRow[]> {
    const only = propertyIds ? new Set(propertyIds) : null;
    const properties = (await this.queries.execute(new ListLandlordProperties(landlordUserId, { includeArchived: false }))).filter(
      (property) => !only || only.has(property.propertyId),
    );
    if (properties.length === 0) return [];
    const ids = properties.map((property) => property.propertyId);
    const [tenanciesByProperty, terms, timeZone] = await Promise.all([
      this.queries.execute(new ListTenanciesOfProperties(ids)),
      this.queries.execute(new GetRentTerms(ids)),
      this.queries.execute(new GetLandlordTimeZone(landlordUserId)),
    ]);
    const current = properties.flatMap((property) =>
      (tenanciesByProperty.get(property.propertyId) ?? [])
        .filter((tenancy) => tenancy.endedAt === null)
        .map((tenancy) => ({ tenantUserId: tenancy.tenantUserId, propertyId: property.propertyId, propertyAddress: property.address })),
    );
    if (current.length === 0) return [];
    const [lines, users] = await Promise.all([
      this.ledgers.linesOf(current),
      this.queries.execute(new GetUsers(current.map((tenancy) => tenancy.tenantUserId))),
    ]);
    const now = this.clock.now();
    const rows: UnpaidBalanceRow[] = [];
    for (const tenancy of current) {
      const ledger = lines.get(tenancyKeyOf(tenancy)) ?? [];
      const balanceCents = ledger.length ? ledger[ledger.length - 1].balanceCents : 0;
      if (balanceCents <= 0) continue;
      const user = users.get(tenancy.tenantUserId);
      const graceDays = terms.get(tenancy.propertyId)?.lateFees.graceDays ?? LATE_FEES_OFF.graceDays;
      rows.push({
        ...tenancy,
        tenantName: user ? `${user.firstName} ${user.lastName}` : 'Former tenant',
        balanceCents,
        daysLate: daysLateOfBalance(oldestUnpaidAt(ledger), graceDays, now, timeZone),
      });
    }
    return sortUnpaidBalances(rows, 'balance', 'desc');
  }
}
