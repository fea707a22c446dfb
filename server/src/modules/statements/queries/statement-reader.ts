import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  DEFAULT_TIME_ZONE,
  type BillingMonth,
  billingMonthLabel,
  billingMonthOf,
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
  isChargeLine,
  type MonthRow,
  monthName,
  monthRows,
  type MoneyTotals,
  periodInWords,
  type StatementLine,
  yearPeriodInWords,
} from '@rentwise/libs/statements';
import { createHash } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetAutomaticPayments } from '../../payments/contracts/get-automatic-payments.query';
import { GetBankDebitFailures } from '../../payments/contracts/get-bank-debit-failures.query';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { ListLandlordProperties } from '../../properties/contracts/list-landlord-properties.query';
import { ListPropertiesOfLandlords } from '../../properties/contracts/list-properties-of-landlords.query';
import type { PropertySummary } from '../../properties/contracts/property-summary';
import { LINE_SELECT, type LineRow, toLine } from '../projection/statement-lines';

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
    /** Every line of the property (its bank debits' states are counted from them). */
    lines: StatementLine[];
  }[];
}

const zeroRow = (label: string): StatementRow => ({
  label,
  rentDueCents: 0,
  lateFeesCents: 0,
  grossCents: 0,
  platformFeeCents: 0,
  receivedCents: 0,
  processingCents: 0,
  processorFeeCents: 0,
  netCents: 0,
  stillDueCents: 0,
});

/** Adds a month to a row being summed, in place (a yearly statement of 100 properties sums 1,200). */
function addToRow(row: StatementRow, month: MonthRow): StatementRow {
  row.rentDueCents += month.rentDueCents;
  row.lateFeesCents += month.lateFeesCents;
  row.grossCents += month.grossCents;
  row.platformFeeCents += month.platformFeeCents;
  row.receivedCents += month.receivedCents;
  row.processingCents += month.processingCents;
  row.processorFeeCents += month.processorFeeCents;
  row.netCents += month.netCents;
  row.stillDueCents += month.stillDueCents;
  return row;
}

function calendarRow(label: string, totals: MoneyTotals): CalendarRow {
  const { grossCents, platformFeeCents, receivedCents, processingCents, processorFeeCents, netCents } = totals;
  return { label, grossCents, platformFeeCents, receivedCents, processingCents, processorFeeCents, netCents };
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
  `SELECT ${LINE_SELECT} FROM statements.statement_lines
    WHERE landlord_user_id = $1 AND property_id = $2 ORDER BY statement_lines.occurred_at, journal_id`,
);

/**
 * Landlords' lines billed to a year or counting between two instants (a year and a day either side):
 * three index reads (landlord and month, landlord and time, and the few bank debit answers by the
 * payment's time, statement_lines_landlord_counts_idx) appended, rather than every line of the landlord
 * filtered. Each leaves out what an earlier one read, so no UNION has to find the doubles (half the time).
 * One landlord for a yearly statement; finance's export asks for a hundred at once.
 */
const LANDLORDS_YEAR_LINES = preparedStatement<LineRow, [landlordUserIds: readonly string[], year: number, from: Date, before: Date]>(
  'statements.landlords-year-lines',
  `SELECT ${LINE_SELECT} FROM statements.statement_lines
    WHERE landlord_user_id = ANY($1::uuid[]) AND billing_year = $2
   UNION ALL
   SELECT ${LINE_SELECT} FROM statements.statement_lines
    WHERE landlord_user_id = ANY($1::uuid[]) AND occurred_at >= $3 AND occurred_at < $4 AND billing_year <> $2
   UNION ALL
   SELECT ${LINE_SELECT} FROM statements.statement_lines
    WHERE landlord_user_id = ANY($1::uuid[]) AND counts_at IS NOT NULL AND counts_at >= $3 AND counts_at < $4 AND billing_year <> $2
      AND NOT (occurred_at >= $3 AND occurred_at < $4)
   ORDER BY occurred_at, journal_id`,
);

/**
 * Each property's earliest billing month and its last line's (by time, as the full history orders
 * them), as year * 12 + month - 1 (the stored months follow the landlord's current zone). Two index
 * probes a property; a property without lines has no row.
 */
const LINE_SPANS = preparedStatement<
  { property_id: string; first_month: number; last_month: number },
  [landlordUserIds: string[], propertyIds: string[]]
>(
  'statements.line-spans',
  `SELECT p.property_id, f.first_month, l.last_month
     FROM unnest($1::uuid[], $2::uuid[]) AS p(landlord_user_id, property_id)
    CROSS JOIN LATERAL (SELECT s.billing_year * 12 + s.billing_month - 1 AS first_month FROM statements.statement_lines s
                         WHERE s.property_id = p.property_id AND s.landlord_user_id = p.landlord_user_id ORDER BY s.billing_year, s.billing_month LIMIT 1) f
    CROSS JOIN LATERAL (SELECT s.billing_year * 12 + s.billing_month - 1 AS last_month FROM statements.statement_lines s
                         WHERE s.property_id = p.property_id AND s.landlord_user_id = p.landlord_user_id ORDER BY s.occurred_at DESC, s.journal_id DESC LIMIT 1) l`,
);

interface LineSpan {
  first: BillingMonth;
  last: BillingMonth;
}

const DAY_MS = 86_400_000;

/** The payment a line is, or corrects: its receipt. */
const paymentJournalOf = (line: StatementLine): string => (line.kind === 'rent_payment' ? line.journalId : (line.correctsJournalId ?? line.journalId));
/** A rent payment, or its bank's answer (which the month's page folds into the payment's row). */
const isPaymentOrBankAnswer = (line: StatementLine): boolean =>
  line.kind === 'rent_payment' || line.kind === 'bank_debit_settled' || line.kind === 'bank_debit_failed';
const monthOfIndex = (index: number): BillingMonth => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });
const earlier = (a: BillingMonth, b: BillingMonth): BillingMonth => (compareBillingMonths(b, a) < 0 ? b : a);

function groupLinesByProperty(lines: readonly StatementLine[]): Map<string, StatementLine[]> {
  const byProperty = new Map<string, StatementLine[]>();
  for (const line of lines) {
    const ofProperty = byProperty.get(line.propertyId);
    if (ofProperty) ofProperty.push(line);
    else byProperty.set(line.propertyId, [line]);
  }
  return byProperty;
}

const LANDLORDS_TIME_ZONES = preparedStatement<{ landlord_user_id: string; time_zone: string }, [landlordUserIds: readonly string[]]>(
  'statements.landlords-time-zones',
  `SELECT landlord_user_id, time_zone FROM statements.landlord_settings WHERE landlord_user_id = ANY($1::uuid[])`,
);

const LANDLORD_TIME_ZONE = preparedStatement<{ time_zone: string }, [landlordUserId: string]>(
  'statements.landlord-time-zone',
  `SELECT time_zone FROM statements.landlord_settings WHERE landlord_user_id = $1`,
);

/** The landlord's statement time zone and their lines' version (null before they have lines), in one read. */
const YEAR_SETTINGS = preparedStatement<{ time_zone: string | null; version: string | null }, [landlordUserId: string]>(
  'statements.year-settings',
  `SELECT s.time_zone, v.version
     FROM (SELECT $1::uuid AS landlord_user_id) AS landlord
     LEFT JOIN statements.landlord_settings s USING (landlord_user_id)
     LEFT JOIN statements.landlord_line_versions v USING (landlord_user_id)`,
);

/** Yearly statements remembered (a few kilobytes each); the least recently read are let go first. */
const YEARLY_STATEMENTS_KEPT = 200;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Reads a landlord's statements from the projected lines, the rent history and the tenancies. A
 * property of another landlord (or none) reads as null: the controller answers 404.
 */
@Injectable()
export class StatementReader {
  /**
   * Yearly statements by everything they were computed from (decision 0024): the landlord's lines'
   * version, zone and current month, the properties, their rents and their tenancies. Any change to
   * one makes a new key, so a remembered statement is never out of date, only unused.
   */
  private readonly yearlyStatements = new Map<string, Statement>();

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
    return this.historyOf(property, timeZone, lines);
  }

  /**
   * A property's months from its first line (its first rent charge, or an older imported payment)
   * through the later of today and its last line; rent due is what each month was charged (decision
   * 0039). With a year, only that year's months, from that year's lines; `span` then names the
   * property's earliest billing month and its last line's, which the year's lines alone cannot tell.
   */
  private historyOf(
    property: PropertySummary,
    timeZone: string,
    lines: StatementLine[],
    only?: { year: number; span: LineSpan | undefined },
  ): PropertyHistory {
    const current = billingMonthOf(this.clock.now(), timeZone);
    const lineMonth = (line: StatementLine): BillingMonth => billingMonthOf(new Date(line.countsAt), timeZone);
    const firstLine = only ? only.span?.first : lines.length ? lines.map(lineMonth).reduce(earlier) : undefined;
    const from = firstLine ?? billingMonthOf(new Date(property.createdAt), timeZone);
    const last = only ? only.span?.last : lines.length ? lineMonth(lines[lines.length - 1]) : undefined;
    const lastLine = last ?? current;
    const through = compareBillingMonths(lastLine, current) > 0 ? lastLine : current;
    if (!only) return { property, lines, months: monthRows({ from, through, lines }) };
    // A year's rows use each month's own charges and money (not the running balance), so the months
    // before the year are not needed.
    const january = { year: only.year, month: 1 };
    const december = { year: only.year, month: 12 };
    const first = compareBillingMonths(from, january) > 0 ? from : january;
    const final = compareBillingMonths(through, december) < 0 ? through : december;
    const months = compareBillingMonths(first, final) <= 0 ? monthRows({ from: first, through: final, lines }) : [];
    return { property, lines, months };
  }

  /**
   * Landlords' years property by property, for finance's CSV: each property's billing months of the
   * year (the very rows the landlord's yearly statement adds up, from the same reads) and what tenants
   * paid in each calendar month of it, by payment date. A few statements for any number of landlords.
   */
  async yearsByProperty(landlordUserIds: readonly string[], year: number): Promise<Map<string, LandlordYear>> {
    // One after another: inside a transaction (finance's snapshot) they share one connection.
    const propertiesByLandlord = await this.queries.execute(new ListPropertiesOfLandlords(landlordUserIds));
    const zones = new Map((await this.unitOfWork.query(LANDLORDS_TIME_ZONES, [landlordUserIds])).map((row) => [row.landlord_user_id, row.time_zone]));
    const timeZoneOf = (landlordUserId: string): string => zones.get(landlordUserId) ?? DEFAULT_TIME_ZONE;
    const histories = await this.yearHistories([...propertiesByLandlord.values()].flat(), timeZoneOf, year);
    const years = new Map<string, LandlordYear>(landlordUserIds.map((id) => [id, { timeZone: timeZoneOf(id), properties: [] }]));
    for (const history of histories) {
      const landlordYear = years.get(history.property.landlordUserId)!;
      landlordYear.properties.push({
        property: history.property,
        months: history.months,
        calendarMonths: calendarMonthTotals(history.lines, year, landlordYear.timeZone),
        lines: history.lines,
      });
    }
    return years;
  }

  /**
   * A year's histories: properties (of one landlord or many), with only the lines that can count in
   * the year (billed to it, or paid on one of its days) and each property's first and last line
   * month, instead of every line since the first tenancy (a hundred properties' ten years took most
   * of a yearly statement's time).
   */
  private async yearHistories(properties: readonly PropertySummary[], timeZoneOf: (landlordUserId: string) => string, year: number): Promise<PropertyHistory[]> {
    if (properties.length === 0) return [];
    const landlordUserIds = [...new Set(properties.map((property) => property.landlordUserId))];
    // A day either side: a calendar year in any zone lies within it.
    const window = [new Date(Date.UTC(year, 0, 1) - DAY_MS), new Date(Date.UTC(year + 1, 0, 1) + DAY_MS)];
    // One after another: inside a transaction (finance's snapshot) they share one connection.
    const lines = (await this.unitOfWork.query(LANDLORDS_YEAR_LINES, [landlordUserIds, year, window[0], window[1]])).map(toLine);
    const spans = new Map(
      (
        await this.unitOfWork.query(LINE_SPANS, [properties.map((property) => property.landlordUserId), properties.map((property) => property.propertyId)])
      ).map((row) => [row.property_id, { first: monthOfIndex(row.first_month), last: monthOfIndex(row.last_month) }]),
    );
    const linesByProperty = groupLinesByProperty(lines);
    return properties.map((property) =>
      this.historyOf(property, timeZoneOf(property.landlordUserId), linesByProperty.get(property.propertyId) ?? [], {
        year,
        span: spans.get(property.propertyId),
      }),
    );
  }

  private async histories(properties: readonly PropertySummary[], timeZone: string): Promise<PropertyHistory[]> {
    const histories: PropertyHistory[] = [];
    for (const property of properties) histories.push(await this.history(property, timeZone));
    return histories;
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
        lateFeesCents: row.lateFeesCents,
        receivedCents: row.receivedCents,
        processingCents: row.processingCents,
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
    if (period.month !== null) {
      const timeZone = await this.timeZone(landlordUserId);
      return this.compose(period, propertyId, properties, timeZone, await this.histories(properties, timeZone));
    }
    const [settings] = await this.unitOfWork.query(YEAR_SETTINGS, [landlordUserId]);
    const timeZone = settings?.time_zone ?? DEFAULT_TIME_ZONE;
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          landlordUserId,
          propertyId,
          period.year,
          timeZone,
          settings?.version ?? null,
          billingMonthOf(this.clock.now(), timeZone),
          properties,
        ]),
      )
      .digest('base64url');
    let statement = this.yearlyStatements.get(key);
    if (statement) {
      // Read again: the most recently read are kept longest.
      this.yearlyStatements.delete(key);
    } else {
      const histories = await this.yearHistories(properties, () => timeZone, period.year);
      statement = deepFreeze(await this.compose(period, propertyId, properties, timeZone, histories));
      if (this.yearlyStatements.size >= YEARLY_STATEMENTS_KEPT) this.yearlyStatements.delete(this.yearlyStatements.keys().next().value!);
    }
    this.yearlyStatements.set(key, statement);
    return { ...statement, generatedAt: this.clock.now().toISOString() };
  }

  /** A statement's rows and totals from its properties' histories. */
  private async compose(
    period: { year: number; month: number | null },
    propertyId: string | null,
    properties: readonly PropertySummary[],
    timeZone: string,
    histories: PropertyHistory[],
  ): Promise<Statement> {
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
      // One pass over every property's months, not one per month (a hundred properties' years).
      const byMonth = new Map<number, StatementRow>();
      for (const history of histories) {
        for (const row of history.months) {
          if (!inPeriod(row)) continue;
          let sum = byMonth.get(row.month);
          if (!sum) byMonth.set(row.month, (sum = { ...zeroRow(billingMonthLabel(row)), year: row.year, month: row.month }));
          addToRow(sum, row);
        }
      }
      rows = months.flatMap((month) => byMonth.get(month) ?? []);
    }
    const totals = rows.reduce<StatementRow>(
      (total, row) => ({
        ...total,
        rentDueCents: total.rentDueCents + row.rentDueCents,
        lateFeesCents: total.lateFeesCents + row.lateFeesCents,
        grossCents: total.grossCents + row.grossCents,
        platformFeeCents: total.platformFeeCents + row.platformFeeCents,
        receivedCents: total.receivedCents + row.receivedCents,
        processingCents: total.processingCents + row.processingCents,
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
                // Money that moved, not what was charged: charges are in the rows' rent due and late fees.
                .filter((line) => !isChargeLine(line) && inPeriod({ year: line.billingYear, month: line.billingMonth }))
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
          platformFeeCents: sum('platformFeeCents'),
          receivedCents: sum('receivedCents'),
          processingCents: sum('processingCents'),
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
    const failedPayments = items.flatMap(({ line }) => (line.kind === 'bank_debit_failed' && line.correctsJournalId ? [line.correctsJournalId] : []));
    // One after another: inside a transaction (finance's snapshot) they share one connection.
    const failures = failedPayments.length > 0 ? await this.queries.execute(new GetBankDebitFailures(failedPayments)) : new Map<string, string>();
    const payments = items.flatMap(({ line }) => (isPaymentOrBankAnswer(line) ? [paymentJournalOf(line)] : []));
    const automatic = payments.length > 0 ? await this.queries.execute(new GetAutomaticPayments([...new Set(payments)])) : new Set<string>();
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
        receiptId: paymentJournalOf(line),
        kind: line.kind,
        paidAt: line.occurredAt,
        propertyAddress: address,
        tenantName: names.get(line.tenantUserId) ?? 'Former tenant',
        description: line.description,
        grossCents: line.grossCents,
        platformFeeCents: line.platformFeeCents,
        receivedCents: line.receivedCents,
        processingCents: line.processingCents,
        processorFeeCents: line.processorFeeCents,
        failureReason: line.kind === 'bank_debit_failed' ? (failures.get(line.correctsJournalId ?? '') ?? null) : null,
        automatic: isPaymentOrBankAnswer(line) && automatic.has(paymentJournalOf(line)),
      }));
  }
}
