import { BILLING_CUTOFF_DAY, type BillingMonth, compareBillingMonths, localDateAt, localYearMonthAt, shiftBillingMonth, startOfLocalDay } from './billing-month';
import { assertCents, type Cents } from './money';

/**
 * The rules of what a tenant owes (decision 0039): the day rent falls due, what a month of a tenancy
 * is charged, when rent becomes late and what a late fee comes to. Pure; times are read in the
 * landlord's time zone.
 */

/** Rent falls due on this day of the month unless the landlord sets another. */
export const DEFAULT_RENT_DUE_DAY = 1;
/**
 * The latest due day a landlord may set: the 10th-of-month cut-off, so a rent charged on its due day
 * counts to its own month, as the payments made by then do.
 */
export const LATEST_RENT_DUE_DAY = BILLING_CUTOFF_DAY;

export function isRentDueDay(day: number): boolean {
  return Number.isInteger(day) && day >= 1 && day <= LATEST_RENT_DUE_DAY;
}

/** The instant a month's rent falls due: the first moment of its due day on the landlord's calendar. */
export function rentDueAt(month: BillingMonth, dueDay: number, timeZone: string): Date {
  if (!isRentDueDay(dueDay)) throw new RangeError(`Not a rent due day: ${dueDay}`);
  return startOfLocalDay(month.year, month.month, dueDay, timeZone);
}

/** A tenancy as charging sees it: [startedAt, endedAt). */
export interface TenancyPeriod {
  startedAt: Date;
  endedAt: Date | null;
}

/** A rent asked from a moment on (a property's rent history, oldest first). */
export interface RentFrom {
  rentCents: Cents;
  effectiveFrom: Date;
}

/** The rent in effect at that instant; before the first recorded rent, the first one. */
export function rentInEffectAt(at: Date, rentHistory: readonly RentFrom[]): Cents | null {
  if (rentHistory.length === 0) return null;
  let rent = rentHistory[0].rentCents;
  for (const period of rentHistory) {
    if (period.effectiveFrom.getTime() <= at.getTime()) rent = period.rentCents;
  }
  return rent;
}

function daysInMonth({ year, month }: BillingMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The calendar days of the month the tenancy touches: a day counts when the tenant lived there for any
 * part of it, so the day they move in and the day they leave are both charged (a tenancy ended at the
 * stroke of midnight does not touch the day that begins then).
 */
export function occupiedDaysIn(month: BillingMonth, tenancy: TenancyPeriod, timeZone: string): number {
  const start = tenancy.startedAt.getTime();
  const end = tenancy.endedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const monthStart = startOfLocalDay(month.year, month.month, 1, timeZone).getTime();
  const monthEnd = startOfLocalDay(month.year, month.month + 1, 1, timeZone).getTime();
  if (end <= monthStart || start >= monthEnd || end <= start) return 0;
  const firstDay = start <= monthStart ? 1 : localDateAt(tenancy.startedAt, timeZone).day;
  const lastDay = end >= monthEnd ? daysInMonth(month) : localDateAt(new Date(end - 1), timeZone).day;
  return lastDay - firstDay + 1;
}

/** A month's rent for part of it: rent × days ÷ days in the month, to the nearest cent (half up). */
export function proratedRentCents(rentCents: Cents, days: number, monthDays: number): Cents {
  assertCents(rentCents);
  if (!Number.isInteger(days) || !Number.isInteger(monthDays) || days < 0 || monthDays < 28 || monthDays > 31 || days > monthDays) {
    throw new RangeError(`Not a part of a month: ${days} of ${monthDays} days`);
  }
  return Math.floor((rentCents * days * 2 + monthDays) / (2 * monthDays));
}

/** One month's rent charge of a tenancy. */
export interface RentCharge {
  month: BillingMonth;
  /** When the charge is posted: the month's due date, or the move-in when the tenancy began after it. */
  chargedAt: Date;
  /** The month's due date: the charge counts to its month by it. */
  dueAt: Date;
  /** The month's whole rent, in effect on the date charged. */
  fullRentCents: Cents;
  amountCents: Cents;
  occupiedDays: number;
  daysInMonth: number;
}

export interface RentChargesInput {
  tenancy: TenancyPeriod;
  rentHistory: readonly RentFrom[];
  dueDay: number;
  timeZone: string;
  /** Charges due by this instant are returned, none later. */
  through: Date;
}

/**
 * Every month's charge a tenancy has come to by `through`, oldest first: each month it touches, once
 * its charge date has passed; the rent in effect on that date, pro-rated to the days lived there. A
 * rent change applies from the next charge after it takes effect, so an earlier charge never changes.
 */
export function rentChargesThrough(input: RentChargesInput): RentCharge[] {
  const { tenancy, rentHistory, dueDay, timeZone, through } = input;
  if (rentHistory.length === 0) return [];
  const charges: RentCharge[] = [];
  const last = localYearMonthAt(through, timeZone);
  const finalMonth = tenancy.endedAt ? earlier(last, localYearMonthAt(new Date(tenancy.endedAt.getTime() - 1), timeZone)) : last;
  for (let month = localYearMonthAt(tenancy.startedAt, timeZone); compareBillingMonths(month, finalMonth) <= 0; month = shiftBillingMonth(month, 1)) {
    const dueAt = rentDueAt(month, dueDay, timeZone);
    const chargedAt = dueAt.getTime() < tenancy.startedAt.getTime() ? tenancy.startedAt : dueAt;
    if (chargedAt.getTime() > through.getTime()) break;
    const occupiedDays = occupiedDaysIn(month, tenancy, timeZone);
    if (occupiedDays === 0) continue;
    const fullRentCents = rentInEffectAt(chargedAt, rentHistory) as Cents;
    const monthDays = daysInMonth(month);
    charges.push({
      month,
      chargedAt,
      dueAt,
      fullRentCents,
      amountCents: proratedRentCents(fullRentCents, occupiedDays, monthDays),
      occupiedDays,
      daysInMonth: monthDays,
    });
  }
  return charges;
}

const earlier = (a: BillingMonth, b: BillingMonth): BillingMonth => (compareBillingMonths(a, b) <= 0 ? a : b);
