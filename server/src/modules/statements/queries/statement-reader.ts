import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  DEFAULT_TIME_ZONE,
  type BillingMonth,
  billingMonthLabel,
  billingMonthOf,
  billingMonthRange,
  compareBillingMonths,
} from '@rentwise/libs/billing-month';
import type {
  CalendarRow,
  MonthlyOverview,
  Statement,
  StatementPayment,
  StatementPropertyChoice,
  StatementRow,
} from '@rentwise/libs/statement-views';
import {
  calendarMonthTotals,
  type MonthRow,
  monthName,
  monthRows,
  type MoneyTotals,
  periodInWords,
  type StatementLine,
  yearPeriodInWords,
} from '@rentwise/libs/statements';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { GetRentHistories } from '../../properties/contracts/get-rent-histories.query';
import { GetRentHistory, type RentPeriod } from '../../properties/contracts/get-rent-history.query';
import { ListLandlordProperties } from '../../properties/contracts/list-landlord-properties.query';
import type { PropertySummary } from '../../properties/contracts/property-summary';
import { ListPropertyTenancies, type TenancyPeriod } from '../../tenants/contracts/list-property-tenancies.query';
import { ListTenanciesOfProperties } from '../../tenants/contracts/list-tenancies-of-properties.query';
import { LINE_COLUMNS, type LineRow, toLine } from '../projection/statement-lines';

export interface PropertyHistory {
  property: PropertySummary;
  lines: StatementLine[];
  /** Oldest first, from the tenancy's start through the current month. */
  months: MonthRow[];
}

export interface LandlordYear {
  timeZone: string;
  properties: {
    property: PropertySummary;
    /** The billing months of the year, oldest first. */
    months: MonthRow[];
    /** January to December of the year, by payment date. */
    calendarMonths: MoneyTotals[];
  }[];
}

const zeroRow = (label: string): StatementRow => ({
  label,
  rentDueCents: 0,
  grossCents: 0,
  serviceFeeCents: 0,
  receivedCents: 0,
  processorFeeCents: 0,
  netCents: 0,
  stillDueCents: 0,
});

function addToRow(row: StatementRow, month: MonthRow): StatementRow {
  return {
    ...row,
    rentDueCents: row.rentDueCents + month.rentDueCents,
    grossCents: row.grossCents + month.grossCents,
    serviceFeeCents: row.serviceFeeCents + month.serviceFeeCents,
    receivedCents: row.receivedCents + month.receivedCents,
    processorFeeCents: row.processorFeeCents + month.processorFeeCents,
    netCents: row.netCents + month.netCents,
    stillDueCents: row.stillDueCents + month.stillDueCents,
  };
}

function calendarRow(label: string, totals: MoneyTotals): CalendarRow {
  const { grossCents, serviceFeeCents, receivedCents, processorFeeCents, netCents } = totals;
  return { label, grossCents, serviceFeeCents, receivedCents, processorFeeCents, netCents };
}

const choiceOf = (property: PropertySummary): StatementPropertyChoice => ({
  propertyId: property.propertyId,
  address: property.address,
  rentCents: property.rentCents,
  archived: property.archived,
});

// The reads behind every Monthly Overview and statement, prepared once per connection.
/** A property's lines by statement_lines_property_month_idx (tens of rows: one a month and its corrections). */
const PROPERTY_LINES = preparedStatement<LineRow, [landlordUserId: string, propertyId: string]>(
  'statements.property-lines',
  `SELECT ${LINE_COLUMNS} FROM statements.statement_lines
    WHERE landlord_user_id = $1 AND property_id = $2 ORDER BY occurred_at, journal_id`,
);

/** All of a landlord's lines (statement_lines_landlord_month_idx), in each property's order. */
const LANDLORD_LINES = preparedStatement<LineRow, [landlordUserId: string]>(
  'statements.landlord-lines',
  `SELECT ${LINE_COLUMNS} FROM statements.statement_lines WHERE landlord_user_id = $1 ORDER BY occurred_at, journal_id`,
);

const LANDLORD_TIME_ZONE = preparedStatement<{ time_zone: string }, [landlordUserId: string]>(
  'statements.landlord-time-zone',
  `SELECT time_zone FROM statements.landlord_settings WHERE landlord_user_id = $1`,
);

/**
 * Reads a landlord's statements from the projected lines, the rent history and the tenancies. A
 * property of another landlord (or none) reads as null: the controller answers 404.
 */
@Injectable()
export class StatementReader {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  /** The landlord's statement time zone; the product's default (America/New_York) until they choose. */
  async timeZone(landlordUserId: string): Promise<string> {
    const [row] = await this.unitOfWork.query(LANDLORD_TIME_ZONE, [landlordUserId]);
    return row?.time_zone ?? DEFAULT_TIME_ZONE;
  }

  async properties(landlordUserId: string): Promise<StatementPropertyChoice[]> {
    const properties = await this.queries.execute(new ListLandlordProperties(landlordUserId));
    return properties.map(choiceOf);
  }

  async ownedProperty(landlordUserId: string, propertyId: string): Promise<PropertySummary | null> {
    const property = await this.queries.execute(new GetProperty(propertyId));
    return property && property.landlordUserId === landlordUserId ? property : null;
  }

  async history(property: PropertySummary, timeZone: string): Promise<PropertyHistory> {
    // One after another: inside a transaction (finance's snapshot) they share one connection.
    const lines = (await this.unitOfWork.query(PROPERTY_LINES, [property.landlordUserId, property.propertyId])).map(toLine);
    const rentHistory = await this.queries.execute(new GetRentHistory(property.propertyId));
    const tenancies = await this.queries.execute(new ListPropertyTenancies(property.propertyId));
    return this.historyOf(property, timeZone, lines, rentHistory, tenancies);
  }

  private historyOf(
    property: PropertySummary,
    timeZone: string,
    lines: StatementLine[],
    rentHistory: readonly RentPeriod[],
    tenancies: readonly TenancyPeriod[],
  ): PropertyHistory {
    const current = billingMonthOf(this.clock.now(), timeZone);
    const starts = [
      ...tenancies.map((tenancy) => tenancy.startedAt),
      ...lines.map((line) => line.occurredAt),
    ].map((iso) => billingMonthOf(new Date(iso), timeZone));
    const from = starts.length
      ? starts.reduce((earliest, month) => (compareBillingMonths(month, earliest) < 0 ? month : earliest))
      : billingMonthOf(new Date(property.createdAt), timeZone);
    const lastLine = lines.length ? billingMonthOf(new Date(lines[lines.length - 1].occurredAt), timeZone) : current;
    const through = compareBillingMonths(lastLine, current) > 0 ? lastLine : current;
    // Rent is due while someone lives there. Payments recorded before the first tenancy on file
    // (imported history) show someone did, so those months count as let too.
    const firstTenancy = tenancies.length ? billingMonthOf(new Date(tenancies[0].startedAt), timeZone) : null;
    const rentIsDue = (month: BillingMonth): boolean => {
      if (!firstTenancy || compareBillingMonths(month, firstTenancy) < 0) return true;
      const { startsAt, endsBefore } = billingMonthRange(month.year, month.month, timeZone);
      return tenancies.some(
        (tenancy) =>
          new Date(tenancy.startedAt) < endsBefore && (tenancy.endedAt === null || new Date(tenancy.endedAt) >= startsAt),
      );
    };
    const months = monthRows({ from, through, lines, rentHistory, timeZone, rentIsDue });
    return { property, lines, months };
  }

  /**
   * A landlord's year property by property, for finance's CSV: each property's billing months of
   * the year (the very rows the landlord's yearly statement adds up) and what tenants paid in each
   * calendar month of it, by payment date.
   */
  async yearByProperty(landlordUserId: string, year: number): Promise<LandlordYear> {
    const properties = await this.queries.execute(new ListLandlordProperties(landlordUserId));
    const timeZone = await this.timeZone(landlordUserId);
    const histories = await this.histories(properties, timeZone);
    return {
      timeZone,
      properties: histories.map((history) => ({
        property: history.property,
        months: history.months.filter((row) => row.year === year),
        calendarMonths: calendarMonthTotals(history.lines, year, timeZone),
      })),
    };
  }

  /**
   * Several properties of one landlord in three reads (their lines, rents and tenancies) instead of
   * three per property: a yearly statement of 100 properties made 300 round trips.
   */
  private async histories(properties: readonly PropertySummary[], timeZone: string): Promise<PropertyHistory[]> {
    if (properties.length <= 1) return Promise.all(properties.map((property) => this.history(property, timeZone)));
    const landlords = new Set(properties.map((property) => property.landlordUserId));
    if (landlords.size > 1) throw new Error('histories() reads one landlord’s properties at a time');
    const ids = properties.map((property) => property.propertyId);
    // One after another: inside a transaction (finance's snapshot) they share one connection.
    const lines = (await this.unitOfWork.query(LANDLORD_LINES, [properties[0].landlordUserId])).map(toLine);
    const rentHistories = await this.queries.execute(new GetRentHistories(ids));
    const tenancies = await this.queries.execute(new ListTenanciesOfProperties(ids));
    const linesByProperty = new Map<string, StatementLine[]>();
    for (const line of lines) {
      const ofProperty = linesByProperty.get(line.propertyId);
      if (ofProperty) ofProperty.push(line);
      else linesByProperty.set(line.propertyId, [line]);
    }
    return properties.map((property) =>
      this.historyOf(
        property,
        timeZone,
        linesByProperty.get(property.propertyId) ?? [],
        rentHistories.get(property.propertyId) ?? [],
        tenancies.get(property.propertyId) ?? [],
      ),
    );
  }

  async overview(landlordUserId: string, propertyId: string): Promise<MonthlyOverview | null> {
    const property = await this.ownedProperty(landlordUserId, propertyId);
    if (!property) return null;
    const timeZone = await this.timeZone(landlordUserId);
    const { months } = await this.history(property, timeZone);
    return {
      property: choiceOf(property),
      timeZone,
      months: [...months].reverse().map((row) => ({
        year: row.year,
        month: row.month,
        label: billingMonthLabel(row),
        rentDueCents: row.rentDueCents,
        receivedCents: row.receivedCents,
        stillDueCents: row.stillDueCents,
        fullAmountReceived: row.fullAmountReceived,
        payments: row.payments,
      })),
    };
  }

  /**
   * A monthly (month given) or yearly statement, for one property or (propertyId null) for all of
   * the landlord's properties. Null when the property is not the landlord's.
   */
  async statement(
    landlordUserId: string,
    period: { year: number; month: number | null },
    propertyId: string | null,
  ): Promise<Statement | null> {
    let properties: PropertySummary[];
    if (propertyId) {
      const property = await this.ownedProperty(landlordUserId, propertyId);
      if (!property) return null;
      properties = [property];
    } else {
      properties = await this.queries.execute(new ListLandlordProperties(landlordUserId));
    }
    const timeZone = await this.timeZone(landlordUserId);
    const histories = await this.histories(properties, timeZone);
    const inPeriod = (row: { year: number; month: number }) =>
      row.year === period.year && (period.month === null || row.month === period.month);
    const scopeLabel = propertyId ? properties[0].address : 'All properties';

    let rows: StatementRow[];
    if (period.month !== null && !propertyId) {
      rows = histories.map((history) =>
        history.months.filter(inPeriod).reduce(addToRow, { ...zeroRow(history.property.address), propertyId: history.property.propertyId }),
      );
    } else {
      const months = period.month !== null ? [period.month] : Array.from({ length: 12 }, (_, index) => index + 1);
      rows = months
        .map((month) => {
          const matching = histories.flatMap((history) => history.months.filter((row) => row.year === period.year && row.month === month));
          return matching.length === 0
            ? null
            : matching.reduce(addToRow, { ...zeroRow(billingMonthLabel({ year: period.year, month })), year: period.year, month });
        })
        .filter((row): row is StatementRow => row !== null);
    }
    const totals = rows.reduce<StatementRow>(
      (total, row) => ({
        ...total,
        rentDueCents: total.rentDueCents + row.rentDueCents,
        grossCents: total.grossCents + row.grossCents,
        serviceFeeCents: total.serviceFeeCents + row.serviceFeeCents,
        receivedCents: total.receivedCents + row.receivedCents,
        processorFeeCents: total.processorFeeCents + row.processorFeeCents,
        netCents: total.netCents + row.netCents,
        stillDueCents: total.stillDueCents + row.stillDueCents,
      }),
      zeroRow('Total'),
    );

    const payments =
      period.month === null
        ? []
        : await this.payments(
            histories.flatMap((history) =>
              history.lines
                .filter((line) => inPeriod({ year: line.billingYear, month: line.billingMonth }))
                .map((line) => ({ line, address: history.property.address })),
            ),
          );

    let calendarYear: Statement['calendarYear'] = null;
    if (period.month === null) {
      const byMonth = calendarMonthTotals(histories.flatMap((history) => history.lines), period.year, timeZone);
      const calendarRows = byMonth.map((totalsOfMonth, index) => calendarRow(`${monthName(index + 1)} ${period.year}`, totalsOfMonth));
      const sum = (key: keyof MoneyTotals) => byMonth.reduce((total, month) => total + month[key], 0);
      calendarYear = {
        rows: calendarRows,
        totals: {
          label: 'Total',
          grossCents: sum('grossCents'),
          serviceFeeCents: sum('serviceFeeCents'),
          receivedCents: sum('receivedCents'),
          processorFeeCents: sum('processorFeeCents'),
          netCents: sum('netCents'),
        },
      };
    }

    return {
      kind: period.month === null ? 'yearly' : 'monthly',
      year: period.year,
      month: period.month,
      propertyId,
      scopeLabel,
      periodLabel: period.month === null ? String(period.year) : billingMonthLabel({ year: period.year, month: period.month }),
      periodInWords:
        period.month === null ? yearPeriodInWords(period.year) : periodInWords({ year: period.year, month: period.month }),
      timeZone,
      generatedAt: this.clock.now().toISOString(),
      rows,
      totals,
      payments,
      calendarYear,
    };
  }

  private async payments(items: { line: StatementLine; address: string }[]): Promise<StatementPayment[]> {
    const names = new Map<string, string>();
    await Promise.all(
      [...new Set(items.map((item) => item.line.tenantUserId))].map(async (userId) => {
        const user = await this.queries.execute(new GetUser(userId));
        names.set(userId, user ? `${user.firstName} ${user.lastName}` : 'Former tenant');
      }),
    );
    return items
      .sort((a, b) => b.line.occurredAt.localeCompare(a.line.occurredAt))
      .map(({ line, address }) => ({
        receiptId: line.kind === 'rent_payment' ? line.journalId : (line.correctsJournalId ?? line.journalId),
        kind: line.kind,
        paidAt: line.occurredAt,
        propertyAddress: address,
        tenantName: names.get(line.tenantUserId) ?? 'Former tenant',
        description: line.description,
        grossCents: line.grossCents,
        serviceFeeCents: line.serviceFeeCents,
        receivedCents: line.receivedCents,
        processorFeeCents: line.processorFeeCents,
      }));
  }
}
