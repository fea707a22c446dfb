import { assertCents, type Cents } from './money';

/** A month of rent: month is 1-12. */
export interface BillingMonth {
  readonly year: number;
  readonly month: number;
}

/** Payments dated on or before this day of the month count to that month; later ones to the next. */
export const BILLING_CUTOFF_DAY = 10;
export const DEFAULT_TIME_ZONE = 'America/New_York';

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function intlLocalDateTimeAt(epochMs: number, timeZone: string): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = parts;
  return { year, month, day, hour, minute, second };
}

const HOUR_MS = 3_600_000;
const MAX_CACHED_HOURS = 200_000;
/** By zone and UTC hour: the zone's offset through that hour, or null when the clock changes inside it. */
const hourOffsets = new Map<string, Map<number, number | null>>();

function offsetThroughHour(hourStartMs: number, timeZone: string): number | null {
  let zone = hourOffsets.get(timeZone);
  if (!zone) hourOffsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(hourStartMs);
  if (offset === undefined) {
    // The same offset at the hour's first and last second: no clock change inside (zones change at most once an hour).
    const atStart = intlUtcOffsetMsAt(hourStartMs, timeZone);
    offset = atStart === intlUtcOffsetMsAt(hourStartMs + HOUR_MS - 1000, timeZone) ? atStart : null;
    if (zone.size >= MAX_CACHED_HOURS) zone.clear();
    zone.set(hourStartMs, offset);
  }
  return offset;
}

/**
 * The wall clock in the zone at that instant. Intl's formatToParts costs tens of microseconds a
 * call and a ten-year statement of 100 properties asks for tens of thousands, so the zone's offset
 * is kept per UTC hour and the wall clock worked out from it (Intl again inside an hour with a change).
 */
function localDateTimeAt(epochMs: number, timeZone: string): LocalDateTime {
  const offset = offsetThroughHour(Math.floor(epochMs / HOUR_MS) * HOUR_MS, timeZone);
  if (offset === null) return intlLocalDateTimeAt(epochMs, timeZone);
  const wall = new Date(epochMs + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The calendar date in the zone at that instant (month 1-12). */
export function localDateAt(at: Date, timeZone: string): { year: number; month: number; day: number } {
  const { year, month, day } = localDateTimeAt(at.getTime(), timeZone);
  return { year, month, day };
}

/** The calendar year and month in the zone at that instant. */
export function localYearMonthAt(at: Date, timeZone: string): BillingMonth {
  const { year, month } = localDateTimeAt(at.getTime(), timeZone);
  return { year, month };
}

function intlUtcOffsetMsAt(epochMs: number, timeZone: string): number {
  const wholeSecondMs = epochMs - (((epochMs % 1000) + 1000) % 1000);
  const local = intlLocalDateTimeAt(wholeSecondMs, timeZone);
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second) - wholeSecondMs;
}

/** Milliseconds the zone's wall clock is ahead of UTC at that instant. */
function utcOffsetMsAt(epochMs: number, timeZone: string): number {
  const wholeSecondMs = epochMs - (((epochMs % 1000) + 1000) % 1000);
  const local = localDateTimeAt(wholeSecondMs, timeZone);
  const asIfUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asIfUtc - wholeSecondMs;
}

const DAY_MS = 86_400_000;

/**
 * The first instant whose local date in the zone is on or after the given day.
 * Usually local midnight; where a clock change skips midnight, the moment the day begins.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const wallClockAsUtc = Date.UTC(year, month - 1, day);
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => utcOffsetMsAt(wallClockAsUtc + shift, timeZone)));
  const starts = [...offsets]
    .map((offset) => wallClockAsUtc - offset)
    .filter((candidate) => {
      const local = localDateTimeAt(candidate, timeZone);
      return Date.UTC(local.year, local.month - 1, local.day) >= wallClockAsUtc;
    });
  return new Date(Math.min(...starts));
}

export function shiftBillingMonth({ year, month }: BillingMonth, months: number): BillingMonth {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month a payment counts to, judged by its date on the landlord's calendar. */
export function billingMonthOf(paidAt: Date, timeZone: string = DEFAULT_TIME_ZONE): BillingMonth {
  const time = paidAt.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid date');
  const { year, month, day } = localDateTimeAt(time, timeZone);
  return day <= BILLING_CUTOFF_DAY ? { year, month } : shiftBillingMonth({ year, month }, 1);
}

/** The instants [startsAt, endsBefore) of the payments that count to the month. */
export interface BillingMonthRange {
  readonly startsAt: Date;
  readonly endsBefore: Date;
}

// Every month of every statement asks for its range (rent due, tenancies), and each costs a dozen
// Intl formatToParts calls: ten years of a property's months took 8 ms. Months and zones are few,
// so their instants are kept (a fresh Date each time, since Dates can be changed).
// By zone, then by month index (year * 12 + month - 1): no key string built per call.
const rangeInstants = new Map<string, Map<number, { startsAtMs: number; endsBeforeMs: number }>>();
const RANGE_INSTANTS_KEPT = 10_000;

export function billingMonthRange(year: number, month: number, timeZone: string = DEFAULT_TIME_ZONE): BillingMonthRange {
  assertBillingMonth({ year, month });
  let zone = rangeInstants.get(timeZone);
  if (!zone) rangeInstants.set(timeZone, (zone = new Map()));
  const index = year * 12 + month - 1;
  let instants = zone.get(index);
  if (!instants) {
    const previous = shiftBillingMonth({ year, month }, -1);
    instants = {
      startsAtMs: startOfLocalDay(previous.year, previous.month, BILLING_CUTOFF_DAY + 1, timeZone).getTime(),
      endsBeforeMs: startOfLocalDay(year, month, BILLING_CUTOFF_DAY + 1, timeZone).getTime(),
    };
    if (zone.size >= RANGE_INSTANTS_KEPT) zone.clear();
    zone.set(index, instants);
  }
  return { startsAt: new Date(instants.startsAtMs), endsBefore: new Date(instants.endsBeforeMs) };
}

function assertBillingMonth({ year, month }: BillingMonth): void {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Not a month: ${year}-${month}`);
  }
}

/** '2024-03': sorts as text in month order. */
export function billingMonthKey({ year, month }: BillingMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function parseBillingMonthKey(key: string): BillingMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year, month } : null;
}

/** Negative when a is earlier, zero when the same month, positive when later; fits Array.sort. */
export function compareBillingMonths(a: BillingMonth, b: BillingMonth): number {
  return a.year !== b.year ? a.year - b.year : a.month - b.month;
}

/** 'March 2024' */
export function billingMonthLabel({ year, month }: BillingMonth): string {
  assertBillingMonth({ year, month });
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

export interface MonthlyStatus {
  readonly fullAmountReceived: boolean;
  readonly receivedCents: Cents;
  /** What is still owed for the month; zero once the rent is covered. */
  readonly dueCents: Cents;
}

export function monthlyStatus(receivedCents: Cents, rentCents: Cents): MonthlyStatus {
  assertCents(receivedCents);
  assertCents(rentCents);
  return {
    fullAmountReceived: receivedCents >= rentCents,
    receivedCents,
    dueCents: Math.max(0, rentCents - receivedCents),
  };
}
