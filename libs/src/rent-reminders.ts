import { type BillingMonth, billingMonthKey, localDateAt, localYearMonthAt, shiftBillingMonth, startOfLocalDay } from './billing-month';
import { lateFrom } from './late-fees';
import type { Cents } from './money';
import { rentDueAt } from './rent-charges';

/**
 * When rent reminders fall (decision 0041). Pure; every time is read on the landlord's calendar.
 * Each reminder has a window [sendAt, until): the first run of the reminders job inside it sends it
 * (once, by its key), so a run missed or late still sends today's, and none is sent once it would
 * say something no longer true ("due in 3 days" after the due date).
 */

/** What a tenant is reminded of: rent due in 3 days, due today, late, a late fee posted. */
export const TENANT_REMINDER_OCCASIONS = ['due_soon', 'due_today', 'late', 'late_fee'] as const;
export type TenantReminderOccasion = (typeof TENANT_REMINDER_OCCASIONS)[number];
/** The landlord's weekly summary of unpaid balances is the one occasion that is not a tenancy's. */
export const REMINDER_OCCASIONS = [...TENANT_REMINDER_OCCASIONS, 'weekly_summary'] as const;
export type ReminderOccasion = (typeof REMINDER_OCCASIONS)[number];

/** Reminders go out at 9:00 on their day, on the landlord's clock. */
export const REMINDER_HOUR = 9;
export const DUE_SOON_DAYS = 3;
/** A late fee's notice is sent within a week of the fee, or not at all (an old fee is no news). */
export const LATE_FEE_NOTICE_DAYS = 7;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const hourFormats = new Map<string, Intl.DateTimeFormat>();
const localHours = new Map<string, number>();
const MAX_CACHED_HOURS = 10_000;

function localHourAt(at: number, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) hourFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' })));
  return Number(format.formatToParts(at).find((part) => part.type === 'hour')?.value);
}

/**
 * The instant the landlord's clock shows `hour`:00 on that day (`day` may run past the month's ends:
 * the 0th is the last day of the month before). On a day the clocks change before that hour, the
 * day's start plus the hours would be an hour off; the wall clock decides.
 */
export function atLocalHour(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const normalized = new Date(Date.UTC(year, month - 1, day));
  // The reminders job asks the same few days of every tenancy in a zone: Intl once per day and zone.
  const key = `${timeZone}|${normalized.getTime()}|${hour}`;
  const known = localHours.get(key);
  if (known !== undefined) return new Date(known);
  const start = startOfLocalDay(normalized.getUTCFullYear(), normalized.getUTCMonth() + 1, normalized.getUTCDate(), timeZone).getTime();
  let candidate = start + hour * HOUR_MS;
  // Twice: a clock change moves the wall clock by at most a couple of hours, once in a morning.
  for (let i = 0; i < 2; i++) {
    const shown = localHourAt(candidate, timeZone);
    if (shown === hour) break;
    candidate += (hour - shown) * HOUR_MS;
  }
  if (localHours.size >= MAX_CACHED_HOURS) localHours.clear();
  localHours.set(key, candidate);
  return new Date(candidate);
}

/** A reminder that may be sent from `sendAt` until just before `until`, once under its `period`. */
export interface ReminderWindow<Occasion extends ReminderOccasion = ReminderOccasion> {
  occasion: Occasion;
  /** The exactly-once key's last part: the rent's month ('2027-01'), or the summary's Monday ('2027-01-04'). */
  period: string;
  sendAt: Date;
  until: Date;
}

export interface ReminderTenancy {
  startedAt: Date;
  dueDay: number;
  graceDays: number;
  timeZone: string;
}

/**
 * A month's rent reminders: due in 3 days (9:00 three days before the due day, until the due date's
 * first moment), due today (9:00 on the due day, until that day ends) and late (9:00 on the first
 * day after the grace period, until next month's due date). A tenancy that began after the month's
 * due date was charged at move-in: it gets no "due" reminders for that month, and its lateness counts
 * from the move-in, as the late fee's does.
 */
export function rentReminderWindows(month: BillingMonth, tenancy: ReminderTenancy): ReminderWindow<'due_soon' | 'due_today' | 'late'>[] {
  const { dueDay, graceDays, timeZone, startedAt } = tenancy;
  const nextMonth = shiftBillingMonth(month, 1);
  // A month the tenancy has not begun by its end has no rent.
  if (startedAt.getTime() >= startOfLocalDay(nextMonth.year, nextMonth.month, 1, timeZone).getTime()) return [];
  const period = billingMonthKey(month);
  const dueAt = rentDueAt(month, dueDay, timeZone);
  const windows: ReminderWindow<'due_soon' | 'due_today' | 'late'>[] = [];
  if (startedAt.getTime() <= dueAt.getTime()) {
    windows.push(
      { occasion: 'due_soon', period, sendAt: atLocalHour(month.year, month.month, dueDay - DUE_SOON_DAYS, REMINDER_HOUR, timeZone), until: dueAt },
      {
        occasion: 'due_today',
        period,
        sendAt: atLocalHour(month.year, month.month, dueDay, REMINDER_HOUR, timeZone),
        until: startOfLocalDay(month.year, month.month, dueDay + 1, timeZone),
      },
    );
  }
  const chargedAt = startedAt.getTime() > dueAt.getTime() ? startedAt : dueAt;
  const lateDay = localDateAt(lateFrom(chargedAt, graceDays, timeZone), timeZone);
  const lateSendAt = atLocalHour(lateDay.year, lateDay.month, lateDay.day, REMINDER_HOUR, timeZone);
  const nextDueAt = rentDueAt(nextMonth, dueDay, timeZone);
  if (lateSendAt.getTime() < nextDueAt.getTime()) windows.push({ occasion: 'late', period, sendAt: lateSendAt, until: nextDueAt });
  return windows;
}

export function isOpenAt(window: Pick<ReminderWindow, 'sendAt' | 'until'>, at: Date): boolean {
  return window.sendAt.getTime() <= at.getTime() && at.getTime() < window.until.getTime();
}

/** What the reminder rules need to know of a tenancy's money at the instant. */
export interface ReminderBalance {
  /** What the tenant owes now (negative: paid ahead). */
  balanceCents: Cents;
  /** The rent of the month the "due" reminders are about, charged or not yet. */
  rentCents: Cents;
  /** Whether that month's charge is already in the balance. */
  monthCharged: boolean;
}

/** The tenancy's rent reminders whose window is open at `at` (in the three months around it). */
export function openRentReminders(at: Date, tenancy: ReminderTenancy): ReminderWindow<'due_soon' | 'due_today' | 'late'>[] {
  if (at.getTime() < tenancy.startedAt.getTime()) return [];
  const thisMonth = localYearMonthAt(at, tenancy.timeZone);
  return [shiftBillingMonth(thisMonth, -1), thisMonth, shiftBillingMonth(thisMonth, 1)].flatMap((month) =>
    rentReminderWindows(month, tenancy).filter((window) => isOpenAt(window, at)),
  );
}

/**
 * Whether there is something to pay for the reminder: "due" reminders are skipped when the tenant's
 * credit already covers the month; "late" is sent only while the balance is above zero.
 */
export function reminderIsOwed(occasion: 'due_soon' | 'due_today' | 'late', money: ReminderBalance): boolean {
  if (occasion === 'late') return money.balanceCents > 0;
  return money.balanceCents + (money.monthCharged ? 0 : money.rentCents) > 0;
}

/**
 * The tenancy's rent reminders to send at `at` (each once, by its key): those whose window is open,
 * and only when there is something to pay. A skipped reminder is not kept: a later run in its window
 * looks again (the month's charge posted, a bank payment returned).
 */
export function rentRemindersDueAt(
  at: Date,
  tenancy: ReminderTenancy,
  balanceOf: (month: BillingMonth) => ReminderBalance,
): ReminderWindow<'due_soon' | 'due_today' | 'late'>[] {
  return openRentReminders(at, tenancy).filter((window) => reminderIsOwed(window.occasion, balanceOf(parseMonth(window.period))));
}

const parseMonth = (period: string): BillingMonth => ({ year: Number(period.slice(0, 4)), month: Number(period.slice(5, 7)) });

/**
 * A late fee's notice: from 9:00 on the day the fee was posted (or at once, when posted later in the
 * day) for a week; its period is the fee's month, so a month's daily fees bring one notice, the first.
 */
export function lateFeeNoticeWindow(postedAt: Date, timeZone: string): ReminderWindow<'late_fee'> {
  const day = localDateAt(postedAt, timeZone);
  const nine = atLocalHour(day.year, day.month, day.day, REMINDER_HOUR, timeZone);
  return {
    occasion: 'late_fee',
    period: billingMonthKey({ year: day.year, month: day.month }),
    sendAt: nine.getTime() > postedAt.getTime() ? nine : postedAt,
    until: new Date(postedAt.getTime() + LATE_FEE_NOTICE_DAYS * DAY_MS),
  };
}

const dateKey = (year: number, month: number, day: number): string => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
};

/**
 * The landlord's weekly summary whose window holds `at`: from 9:00 on a Monday until 9:00 the next
 * Monday (a summary missed on Monday still goes out that week; the next week's replaces it).
 */
export function weeklySummaryWindow(at: Date, timeZone: string): ReminderWindow<'weekly_summary'> {
  const today = localDateAt(at, timeZone);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  let monday = today.day - ((weekday + 6) % 7);
  let sendAt = atLocalHour(today.year, today.month, monday, REMINDER_HOUR, timeZone);
  if (at.getTime() < sendAt.getTime()) {
    monday -= 7;
    sendAt = atLocalHour(today.year, today.month, monday, REMINDER_HOUR, timeZone);
  }
  return {
    occasion: 'weekly_summary',
    period: dateKey(today.year, today.month, monday),
    sendAt,
    until: atLocalHour(today.year, today.month, monday + 7, REMINDER_HOUR, timeZone),
  };
}

/** A landlord's choice of which reminders go out for a property; all on until they turn one off. */
export type PropertyReminderSettings = Record<ReminderOccasion, boolean>;

export const ALL_REMINDERS_ON: PropertyReminderSettings = { due_soon: true, due_today: true, late: true, late_fee: true, weekly_summary: true };

/** The reminder's words on the settings pages. */
export const REMINDER_LABELS: Record<ReminderOccasion, string> = {
  due_soon: 'Rent due in 3 days',
  due_today: 'Rent due today',
  late: 'Rent late (after the grace period)',
  late_fee: 'Late fee posted',
  weekly_summary: 'Weekly summary of unpaid balances (to you, Mondays)',
};
