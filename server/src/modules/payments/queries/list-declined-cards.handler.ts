import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  DECLINE_WATCH_WINDOW_MS,
  DECLINE_WINDOW_MS,
  declineLimitEndsAt,
  DECLINES_WORTH_WATCHING,
  MAX_DECLINES_PER_ADDRESS,
  MAX_DECLINES_PER_TENANT,
} from '@rentwise/libs/declined-cards';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { DeclinedCardsReport, ListDeclinedCards } from './list-declined-cards.query';

interface GroupRow {
  key: string;
  tenants: number;
  last24Hours: number;
  lastHourAt: Date[] | null;
  lastDeclinedAt: Date;
}

/** The most rows of each kind the page lists: past that, the newest decline counts are what matter. */
const MOST_ROWS = 200;

/** Declines of the last 24 hours grouped by tenant or by address (card_payments_declined_idx finds them). */
function groupedBy(column: 'tenant_user_id' | 'client_address'): string {
  return `SELECT ${column}::text AS key, count(DISTINCT tenant_user_id)::int AS tenants, count(*)::int AS "last24Hours",
                 array_agg(created_at ORDER BY created_at DESC) FILTER (WHERE created_at >= $2) AS "lastHourAt",
                 max(created_at) AS "lastDeclinedAt"
            FROM payments.card_payments
           WHERE status = 'declined' AND created_at >= $1 AND ${column} IS NOT NULL
           GROUP BY ${column}
          HAVING count(*) >= $3
           ORDER BY count(*) FILTER (WHERE created_at >= $2) DESC, count(*) DESC, max(created_at) DESC
           LIMIT ${MOST_ROWS}`;
}

@QueryHandler(ListDeclinedCards)
export class ListDeclinedCardsHandler implements IQueryHandler<ListDeclinedCards> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<DeclinedCardsReport> {
    const now = this.clock.now();
    const params = [new Date(now.getTime() - DECLINE_WATCH_WINDOW_MS), new Date(now.getTime() - DECLINE_WINDOW_MS), DECLINES_WORTH_WATCHING];
    const manager = this.unitOfWork.manager;
    const [byTenant, byAddress] = await Promise.all([
      manager.query<GroupRow[]>(groupedBy('tenant_user_id'), params),
      manager.query<GroupRow[]>(groupedBy('client_address'), params),
    ]);
    const people = byTenant.length ? await this.queries.execute(new GetUsers(byTenant.map((row) => row.key))) : new Map();

    const counts = (row: GroupRow, limit: number) => {
      // The limit's own rule says which of the last hour's declines still count, and until when.
      const lastHourAt = row.lastHourAt ?? [];
      const limitedUntil = declineLimitEndsAt(lastHourAt, now, limit);
      return {
        lastHour: lastHourAt.filter((at) => now.getTime() - at.getTime() < DECLINE_WINDOW_MS).length,
        last24Hours: row.last24Hours,
        lastDeclinedAt: row.lastDeclinedAt.toISOString(),
        limitedUntil: limitedUntil?.toISOString() ?? null,
      };
    };
    return {
      perTenantLimit: MAX_DECLINES_PER_TENANT,
      perAddressLimit: MAX_DECLINES_PER_ADDRESS,
      tenants: byTenant.map((row) => {
        const person = people.get(row.key);
        return {
          tenantUserId: row.key,
          name: person ? `${person.firstName} ${person.lastName}` : null,
          email: person?.email ?? null,
          ...counts(row, MAX_DECLINES_PER_TENANT),
        };
      }),
      addresses: byAddress.map((row) => ({ clientAddress: row.key, tenants: row.tenants, ...counts(row, MAX_DECLINES_PER_ADDRESS) })),
    };
  }
}
