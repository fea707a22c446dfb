import {
  atLocalHour,
  isOpenAt,
  lateFeeNoticeWindow,
  type ReminderBalance,
  rentReminderWindows,
  rentRemindersDueAt,
  type ReminderTenancy,
  weeklySummaryWindow,
} from './rent-reminders';

const NY = 'America/New_York';
/** Santiago moves its clocks at midnight: some of its days begin at 01:00. */
const SANTIAGO = 'America/Santiago';
const at = (iso: string) => new Date(iso);

const tenancy = (rule: Partial<ReminderTenancy> = {}): ReminderTenancy => ({
  startedAt: at('2020-01-01T05:00:00Z'),
  dueDay: 1,
  graceDays: 5,
  timeZone: NY,
  ...rule,
});
const owes = (balanceCents: number, monthCharged = true): (() => ReminderBalance) => () => ({ balanceCents, rentCents: 150_000, monthCharged });
const windowsOf = (year: number, month: number, rule: Partial<ReminderTenancy> = {}) =>
  Object.fromEntries(rentReminderWindows({ year, month }, tenancy(rule)).map((window) => [window.occasion, window]));

describe('atLocalHour', () => {
  it('finds 9:00 on an ordinary day in New York (EST and EDT)', () => {
    expect(atLocalHour(2025, 1, 15, 9, NY)).toEqual(at('2025-01-15T14:00:00Z'));
    expect(atLocalHour(2025, 7, 15, 9, NY)).toEqual(at('2025-07-15T13:00:00Z'));
  });

  it('keeps 9:00 on the wall clock on the days the clocks change (not the day’s start plus nine hours)', () => {
    // The day begins in EST and 9:00 is already EDT.
    expect(atLocalHour(2025, 3, 9, 9, NY)).toEqual(at('2025-03-09T13:00:00Z'));
    // The day begins in EDT and 9:00 is EST.
    expect(atLocalHour(2025, 11, 2, 9, NY)).toEqual(at('2025-11-02T14:00:00Z'));
    // Santiago springs forward at midnight on 2025-09-07: the day begins at 01:00 (UTC−3).
    expect(atLocalHour(2025, 9, 7, 9, SANTIAGO)).toEqual(at('2025-09-07T12:00:00Z'));
  });

  it('runs past the month’s ends: the 0th is the last day of the month before', () => {
    expect(atLocalHour(2025, 3, -2, 9, NY)).toEqual(at('2025-02-26T14:00:00Z'));
    expect(atLocalHour(2024, 3, -2, 9, NY)).toEqual(at('2024-02-27T14:00:00Z')); // leap year
    expect(atLocalHour(2026, 1, -2, 9, NY)).toEqual(at('2025-12-29T14:00:00Z'));
    expect(atLocalHour(2025, 12, 32, 9, NY)).toEqual(at('2026-01-01T14:00:00Z'));
  });
});

describe('rentReminderWindows', () => {
  it('due on the 1st: three days before at 9:00 across the month’s end, then 9:00 on the 1st, late at 9:00 after 5 days’ grace', () => {
    const march = windowsOf(2025, 3);
    expect(march.due_soon).toEqual({ occasion: 'due_soon', period: '2025-03', sendAt: at('2025-02-26T14:00:00Z'), until: at('2025-03-01T05:00:00Z') });
    expect(march.due_today).toEqual({ occasion: 'due_today', period: '2025-03', sendAt: at('2025-03-01T14:00:00Z'), until: at('2025-03-02T05:00:00Z') });
    // Late from the first moment of the 7th (EST → EDT on the 9th does not matter yet), reminded at 9:00 that day.
    expect(march.late).toEqual({ occasion: 'late', period: '2025-03', sendAt: at('2025-03-07T14:00:00Z'), until: at('2025-04-01T04:00:00Z') });
  });

  it('due on the 10th: reminded on the 7th and the 10th', () => {
    const march = windowsOf(2025, 3, { dueDay: 10, graceDays: 0 });
    // The 9th is the day New York springs forward: the 10th is EDT.
    expect(march.due_soon.sendAt).toEqual(at('2025-03-07T14:00:00Z'));
    expect(march.due_soon.until).toEqual(at('2025-03-10T04:00:00Z'));
    expect(march.due_today.sendAt).toEqual(at('2025-03-10T13:00:00Z'));
    expect(march.late.sendAt).toEqual(at('2025-03-11T13:00:00Z'));
  });

  it('at the year’s end and in a leap February', () => {
    expect(windowsOf(2026, 1).due_soon.sendAt).toEqual(at('2025-12-29T14:00:00Z'));
    expect(windowsOf(2024, 3).due_soon.sendAt).toEqual(at('2024-02-27T14:00:00Z'));
    // Due on the 1st of November 2025, three days before is still EDT; the late reminder falls after the change.
    expect(windowsOf(2025, 11).due_soon.sendAt).toEqual(at('2025-10-29T13:00:00Z'));
    expect(windowsOf(2025, 11).late.sendAt).toEqual(at('2025-11-07T14:00:00Z'));
  });

  it('gives a tenancy that began after the due date no "due" reminders that month, and counts its lateness from the move-in', () => {
    const moved = windowsOf(2025, 3, { startedAt: at('2025-03-15T16:00:00Z') });
    expect(moved.due_soon).toBeUndefined();
    expect(moved.due_today).toBeUndefined();
    expect(moved.late.sendAt).toEqual(at('2025-03-21T13:00:00Z'));
    expect(windowsOf(2025, 2, { startedAt: at('2025-03-15T16:00:00Z') })).toEqual({});
  });

  it('has no late reminder when the grace period runs past the next due date', () => {
    expect(windowsOf(2025, 2, { dueDay: 1, graceDays: 20, startedAt: at('2025-02-20T15:00:00Z') }).late).toBeUndefined();
  });
});

describe('rentRemindersDueAt', () => {
  const occasions = (iso: string, balance = owes(0, false), rule: Partial<ReminderTenancy> = {}) =>
    rentRemindersDueAt(at(iso), tenancy(rule), balance).map((window) => `${window.occasion} ${window.period}`);

  it('sends "due in 3 days" from 9:00 three days before until the due date, not after it', () => {
    expect(occasions('2025-02-26T13:59:59Z')).toEqual([]);
    expect(occasions('2025-02-26T14:00:00Z')).toEqual(['due_soon 2025-03']);
    // A run missed at 9:00 still sends it at 23:00, or the next days.
    expect(occasions('2025-02-28T23:00:00Z')).toEqual(['due_soon 2025-03']);
    // After the due date has begun: no longer.
    expect(occasions('2025-03-01T05:00:00Z', owes(150_000))).toEqual([]);
  });

  it('sends "due today" from 9:00 on the due day until the day ends, while there is something to pay', () => {
    expect(occasions('2025-03-01T14:00:00Z', owes(150_000))).toEqual(['due_today 2025-03']);
    expect(occasions('2025-03-02T04:59:59Z', owes(150_000))).toEqual(['due_today 2025-03']);
    expect(occasions('2025-03-02T05:00:00Z', owes(150_000))).toEqual([]);
    expect(occasions('2025-03-01T14:00:00Z', owes(0))).toEqual([]);
  });

  it('skips the "due" reminders when the credit covers the month, and counts the rent not yet charged', () => {
    expect(occasions('2025-02-27T14:00:00Z', owes(-150_000, false))).toEqual([]);
    expect(occasions('2025-02-27T14:00:00Z', owes(-100_000, false))).toEqual(['due_soon 2025-03']);
  });

  it('sends "late" after the grace period while the balance is above zero, until the next due date', () => {
    expect(occasions('2025-03-07T13:59:59Z', owes(150_000))).toEqual([]);
    expect(occasions('2025-03-07T14:00:00Z', owes(150_000))).toEqual(['late 2025-03']);
    expect(occasions('2025-03-07T14:00:00Z', owes(0))).toEqual([]);
    // (April's "due in 3 days" is open too: the balance does not cover April.)
    expect(occasions('2025-03-31T23:00:00Z', owes(1))).toEqual(['late 2025-03', 'due_soon 2025-04']);
    // On the due day of April, March's window has closed and April's due_today opens at 9:00.
    expect(occasions('2025-04-01T13:00:00Z', owes(1))).toEqual(['due_today 2025-04']);
  });

  it('sends nothing before the tenancy began', () => {
    expect(occasions('2025-02-27T14:00:00Z', owes(0, false), { startedAt: at('2025-02-28T00:00:00Z') })).toEqual([]);
  });

  it('due on the 10th: the late reminder of the month before is still open until the 10th', () => {
    expect(occasions('2025-04-07T13:00:00Z', owes(300_000), { dueDay: 10, graceDays: 5 })).toEqual(['late 2025-03', 'due_soon 2025-04']);
  });
});

describe('lateFeeNoticeWindow', () => {
  it('waits for 9:00 when the fee is posted at midnight, and is open for a week', () => {
    const window = lateFeeNoticeWindow(at('2025-03-07T05:00:00Z'), NY);
    expect(window).toEqual({ occasion: 'late_fee', period: '2025-03', sendAt: at('2025-03-07T14:00:00Z'), until: at('2025-03-14T05:00:00Z') });
    expect(isOpenAt(window, at('2025-03-14T04:59:59Z'))).toBe(true);
    expect(isOpenAt(window, at('2025-03-14T05:00:00Z'))).toBe(false);
  });

  it('goes at once when the fee is posted after 9:00, in the month of its local date', () => {
    expect(lateFeeNoticeWindow(at('2025-04-01T02:00:00Z'), NY)).toMatchObject({ period: '2025-03', sendAt: at('2025-04-01T02:00:00Z') });
  });
});

describe('weeklySummaryWindow', () => {
  it('opens at 9:00 on Monday and closes at 9:00 the next Monday', () => {
    // Monday 2025-03-10, the day after New York springs forward.
    expect(weeklySummaryWindow(at('2025-03-10T13:00:00Z'), NY)).toEqual({
      occasion: 'weekly_summary',
      period: '2025-03-10',
      sendAt: at('2025-03-10T13:00:00Z'),
      until: at('2025-03-17T13:00:00Z'),
    });
    // 8:59 on that Monday still belongs to the week before, whose Monday was in EST.
    expect(weeklySummaryWindow(at('2025-03-10T12:59:00Z'), NY)).toMatchObject({ period: '2025-03-03', sendAt: at('2025-03-03T14:00:00Z'), until: at('2025-03-10T13:00:00Z') });
    // A Sunday, across a month's end.
    expect(weeklySummaryWindow(at('2025-06-01T18:00:00Z'), NY)).toMatchObject({ period: '2025-05-26' });
    // Across the year's end: Thursday 1 January 2026 belongs to Monday 29 December 2025.
    expect(weeklySummaryWindow(at('2026-01-01T18:00:00Z'), NY)).toMatchObject({ period: '2025-12-29', sendAt: at('2025-12-29T14:00:00Z') });
  });
});
