import fc from 'fast-check';
import {
  daysLate,
  initialLateFeeCents,
  LATE_FEES_OFF,
  lateFeesAreOn,
  lateFeesThroughDay,
  type LateFeePolicy,
  lateFrom,
  MAX_GRACE_DAYS,
  MAX_LATE_FEE_BASIS_POINTS,
  MAX_LATE_FEE_CENTS,
} from './late-fees';
import { rentDueAt } from './rent-charges';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const AUCKLAND = 'Pacific/Auckland';
/** Santiago moves its clocks at midnight, so some of its days begin at 01:00. */
const ZONES = [NY, LA, AUCKLAND, 'Europe/London', 'America/Santiago', 'UTC'];

const at = (iso: string) => new Date(iso);
const policy = (rule: Partial<LateFeePolicy>): LateFeePolicy => ({ ...LATE_FEES_OFF, ...rule });

/** The local calendar date at an instant as a UTC midnight, read straight from Intl (not through the code under test). */
const intlDayMs = (ms: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'));
};

describe('lateFrom', () => {
  it('keeps rent due on the 1st with 5 days’ grace on time through the last millisecond of the 6th, and late from the 7th', () => {
    const dueAt = rentDueAt({ year: 2024, month: 1 }, 1, NY);
    const late = lateFrom(dueAt, 5, NY);
    expect(late).toEqual(at('2024-01-07T05:00:00Z'));
    const lastOnTime = at('2024-01-07T04:59:59.999Z'); // 23:59:59.999 on the 6th in New York
    expect(daysLate(late, lastOnTime, NY)).toBe(0);
    expect(daysLate(late, new Date(lastOnTime.getTime() + 1), NY)).toBe(1);
  });

  it('makes rent late the day after the due day with no grace', () => {
    expect(lateFrom(at('2024-01-01T05:00:00Z'), 0, NY)).toEqual(at('2024-01-02T05:00:00Z'));
  });

  it('counts the grace days on the local calendar across the spring-forward day (New York, 10 March 2024)', () => {
    // Due on the 5th with 5 days' grace: on time through the 10th, a 23-hour day.
    const late = lateFrom(rentDueAt({ year: 2024, month: 3 }, 5, NY), 5, NY);
    expect(late).toEqual(at('2024-03-11T04:00:00Z')); // midnight EDT; six 24-hour days from the due date would be 05:00Z
    expect(daysLate(late, at('2024-03-11T03:59:59.999Z'), NY)).toBe(0);
    expect(daysLate(late, at('2024-03-11T04:00:00Z'), NY)).toBe(1);
    // Due on the 1st: late from the 7th, before the change.
    expect(lateFrom(rentDueAt({ year: 2024, month: 3 }, 1, NY), 5, NY)).toEqual(at('2024-03-07T05:00:00Z'));
    // Due on the 10th itself, the day of the change.
    expect(lateFrom(rentDueAt({ year: 2024, month: 3 }, 10, NY), 5, NY)).toEqual(at('2024-03-16T04:00:00Z'));
  });

  it('counts the grace days on the local calendar across the fall-back day (New York, 3 November 2024)', () => {
    // Due on the 1st with 2 days' grace: on time through the 3rd, a 25-hour day.
    const late = lateFrom(rentDueAt({ year: 2024, month: 11 }, 1, NY), 2, NY);
    expect(late).toEqual(at('2024-11-04T05:00:00Z')); // midnight EST; three 24-hour days would be 04:00Z, still the 3rd
    expect(daysLate(late, at('2024-11-04T04:59:59.999Z'), NY)).toBe(0);
    expect(daysLate(late, at('2024-11-04T05:00:00Z'), NY)).toBe(1);
    expect(lateFrom(rentDueAt({ year: 2024, month: 11 }, 1, NY), 5, NY)).toEqual(at('2024-11-07T05:00:00Z'));
  });

  it('counts the grace days on the local calendar in Auckland and Los Angeles', () => {
    // Auckland falls back at 03:00 on 7 April 2024 (NZDT +13 to NZST +12).
    expect(lateFrom(rentDueAt({ year: 2024, month: 4 }, 1, AUCKLAND), 5, AUCKLAND)).toEqual(at('2024-04-06T11:00:00Z'));
    const late = lateFrom(rentDueAt({ year: 2024, month: 4 }, 1, AUCKLAND), 6, AUCKLAND);
    expect(late).toEqual(at('2024-04-07T12:00:00Z'));
    expect(daysLate(late, at('2024-04-07T11:59:59.999Z'), AUCKLAND)).toBe(0);
    // Auckland springs forward at 02:00 on 29 September 2024.
    expect(lateFrom(rentDueAt({ year: 2024, month: 9 }, 10, AUCKLAND), 20, AUCKLAND)).toEqual(at('2024-09-30T11:00:00Z'));
    // Los Angeles springs forward at 02:00 on 10 March 2024.
    expect(lateFrom(rentDueAt({ year: 2024, month: 3 }, 5, LA), 5, LA)).toEqual(at('2024-03-11T07:00:00Z'));
  });

  it('counts a move-in after the due date from the move-in day, whatever its hour', () => {
    expect(lateFrom(at('2024-01-15T22:30:00Z'), 5, NY)).toEqual(at('2024-01-21T05:00:00Z'));
    // 23:30 on the 15th in New York is already the 16th in UTC.
    expect(lateFrom(at('2024-01-16T04:30:00Z'), 5, NY)).toEqual(at('2024-01-21T05:00:00Z'));
  });

  it('runs the grace period past the end of February, 28 days or 29', () => {
    expect(lateFrom(at('2023-02-25T17:00:00Z'), 5, NY)).toEqual(at('2023-03-03T05:00:00Z'));
    expect(lateFrom(at('2024-02-25T17:00:00Z'), 5, NY)).toEqual(at('2024-03-02T05:00:00Z'));
  });

  it('runs the grace period past the year’s end', () => {
    expect(lateFrom(rentDueAt({ year: 2024, month: 12 }, 10, NY), MAX_GRACE_DAYS, NY)).toEqual(at('2024-12-31T05:00:00Z'));
    const late = lateFrom(at('2024-12-28T17:00:00Z'), 5, NY); // moved in on the 28th
    expect(late).toEqual(at('2025-01-03T05:00:00Z'));
    expect(daysLate(late, at('2025-01-03T04:59:59.999Z'), NY)).toBe(0);
  });

  it('refuses a grace period that is not 0 to 20 whole days', () => {
    for (const graceDays of [-1, MAX_GRACE_DAYS + 1, 1.5, Number.NaN]) {
      expect(() => lateFrom(at('2024-01-01T05:00:00Z'), graceDays, NY)).toThrow(RangeError);
    }
  });

  it('makes rent late from the first moment of the local day after the grace days, in any zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.integer({ min: 0, max: MAX_GRACE_DAYS }),
        fc.constantFrom(...ZONES),
        (chargedMs, graceDays, timeZone) => {
          const late = lateFrom(new Date(chargedMs), graceDays, timeZone).getTime();
          expect(intlDayMs(late, timeZone) - intlDayMs(chargedMs, timeZone)).toBe((graceDays + 1) * 86_400_000);
          expect(intlDayMs(late - 1, timeZone) - intlDayMs(chargedMs, timeZone)).toBe(graceDays * 86_400_000);
          expect(daysLate(new Date(late), new Date(late - 1), timeZone)).toBe(0);
          expect(daysLate(new Date(late), new Date(late), timeZone)).toBe(1);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('daysLate', () => {
  const late = at('2024-03-07T05:00:00Z'); // rent due on 1 March, 5 days' grace, New York

  it('counts whole local days from the day rent became late, that day being the first', () => {
    expect(daysLate(late, at('2024-03-01T05:00:00Z'), NY)).toBe(0);
    expect(daysLate(late, late, NY)).toBe(1);
    expect(daysLate(late, at('2024-03-08T04:59:59.999Z'), NY)).toBe(1);
    expect(daysLate(late, at('2024-03-08T05:00:00Z'), NY)).toBe(2);
  });

  it('counts calendar days, not 24-hour spans, across the daylight-saving days', () => {
    // The 11th begins 95 hours after the 7th did (the 10th has 23 hours).
    expect(daysLate(late, at('2024-03-11T03:59:59.999Z'), NY)).toBe(4);
    expect(daysLate(late, at('2024-03-11T04:00:00Z'), NY)).toBe(5);
    const lateInNovember = at('2024-11-02T04:00:00Z');
    expect(daysLate(lateInNovember, at('2024-11-04T04:30:00Z'), NY)).toBe(2); // 23:30 EST on the 3rd, 48.5 hours later
    expect(daysLate(lateInNovember, at('2024-11-04T05:00:00Z'), NY)).toBe(3);
  });

  it('counts across the end of February and of the year', () => {
    expect(daysLate(at('2023-02-07T05:00:00Z'), at('2023-03-01T05:00:00Z'), NY)).toBe(23);
    expect(daysLate(at('2024-02-07T05:00:00Z'), at('2024-03-01T05:00:00Z'), NY)).toBe(24);
    expect(daysLate(at('2024-12-31T05:00:00Z'), at('2025-01-01T05:00:00Z'), NY)).toBe(2);
    expect(daysLate(at('2024-12-31T05:00:00Z'), at('2025-01-31T12:00:00Z'), NY)).toBe(32);
  });
});

describe('late fees', () => {
  it('are off by default, whatever the days late', () => {
    expect(lateFeesAreOn(LATE_FEES_OFF)).toBe(false);
    expect(lateFeesThroughDay(LATE_FEES_OFF, 150_000, 1)).toBe(0);
    expect(lateFeesThroughDay(LATE_FEES_OFF, 150_000, 30)).toBe(0);
    expect(initialLateFeeCents(LATE_FEES_OFF, 150_000)).toBe(0);
  });

  it('are on when any of a flat amount, a percentage or a daily amount is set', () => {
    expect(lateFeesAreOn(policy({ flatCents: 1 }))).toBe(true);
    expect(lateFeesAreOn(policy({ percentBasisPoints: 1 }))).toBe(true);
    expect(lateFeesAreOn(policy({ dailyCents: 1 }))).toBe(true);
    expect(lateFeesAreOn(policy({ monthlyCapCents: 5000, graceDays: 0 }))).toBe(false);
  });

  it('charge nothing before the rent is late', () => {
    expect(lateFeesThroughDay(policy({ flatCents: 5000, dailyCents: 1000 }), 150_000, 0)).toBe(0);
    expect(lateFeesThroughDay(policy({ flatCents: 5000, dailyCents: 1000 }), 150_000, -3)).toBe(0);
  });

  it('charge a flat amount once', () => {
    const flat = policy({ flatCents: 5000 });
    expect(initialLateFeeCents(flat, 150_000)).toBe(5000);
    expect(lateFeesThroughDay(flat, 150_000, 30)).toBe(5000);
  });

  it('charge a percentage of the rent once, to the nearest cent, half up', () => {
    const fivePercent = policy({ percentBasisPoints: 500 });
    expect(initialLateFeeCents(fivePercent, 150_000)).toBe(7500);
    expect(initialLateFeeCents(fivePercent, 100_010)).toBe(5001); // 5,000.5
    expect(initialLateFeeCents(fivePercent, 100_009)).toBe(5000); // 5,000.45
    expect(initialLateFeeCents(policy({ percentBasisPoints: 100 }), 50)).toBe(1); // 0.5
    expect(initialLateFeeCents(policy({ percentBasisPoints: 100 }), 49)).toBe(0);
    expect(initialLateFeeCents(policy({ percentBasisPoints: MAX_LATE_FEE_BASIS_POINTS }), 150_000)).toBe(30_000);
  });

  it('add the flat amount and the percentage', () => {
    expect(initialLateFeeCents(policy({ flatCents: 2500, percentBasisPoints: 250 }), 150_000)).toBe(6250);
  });

  it('stop at the cap: New York’s lesser of $50 or 5%', () => {
    const newYork = policy({ percentBasisPoints: 500, monthlyCapCents: 5000 });
    expect(initialLateFeeCents(newYork, 150_000)).toBe(5000); // 5% would be $75
    expect(initialLateFeeCents(newYork, 90_000)).toBe(4500);
    expect(initialLateFeeCents(newYork, 100_000)).toBe(5000); // exactly at the cap
    expect(initialLateFeeCents(policy({ flatCents: 7500, monthlyCapCents: 5000 }), 150_000)).toBe(5000);
    expect(initialLateFeeCents(policy({ flatCents: 7500, monthlyCapCents: 0 }), 150_000)).toBe(0);
  });

  it('add the daily amount for each further day, up to the monthly cap', () => {
    const daily = policy({ flatCents: 2500, dailyCents: 1000, monthlyCapCents: 10_000 });
    expect([1, 2, 8, 9, 10, 31].map((days) => lateFeesThroughDay(daily, 150_000, days))).toEqual([2500, 3500, 9500, 10_000, 10_000, 10_000]);
    const uncapped = policy({ flatCents: 2500, dailyCents: 1000 });
    expect(lateFeesThroughDay(uncapped, 150_000, 31)).toBe(32_500);
    // A daily amount alone starts on the second day late.
    const dailyOnly = policy({ dailyCents: 500 });
    expect([1, 2, 3].map((days) => lateFeesThroughDay(dailyOnly, 150_000, days))).toEqual([0, 500, 1000]);
  });

  it('come to the capped total by the end of a leap February', () => {
    const rule = policy({ graceDays: 5, flatCents: 2500, dailyCents: 500, monthlyCapCents: 10_000 });
    const late = lateFrom(rentDueAt({ year: 2024, month: 2 }, 1, NY), rule.graceDays, NY);
    const days = daysLate(late, at('2024-03-01T04:59:59.999Z'), NY); // 23:59:59.999 on 29 February
    expect(days).toBe(23);
    expect(lateFeesThroughDay(rule, 150_000, days)).toBe(10_000); // 2,500 + 22 × 500 = 13,500, capped
    expect(lateFeesThroughDay({ ...rule, monthlyCapCents: null }, 150_000, days)).toBe(13_500);
  });

  it('refuse a rent that is not whole cents', () => {
    expect(() => lateFeesThroughDay(policy({ flatCents: 5000 }), 1500.5, 1)).toThrow(RangeError);
  });

  describe('properties', () => {
    const cents = fc.integer({ min: 0, max: MAX_LATE_FEE_CENTS });
    const policyArbitrary = fc.record({
      graceDays: fc.integer({ min: 0, max: MAX_GRACE_DAYS }),
      flatCents: cents,
      percentBasisPoints: fc.integer({ min: 0, max: MAX_LATE_FEE_BASIS_POINTS }),
      dailyCents: cents,
      monthlyCapCents: fc.option(cents, { nil: null }),
    });
    const rentArbitrary = fc.integer({ min: 0, max: 10_000_000 });

    it('never exceed the monthly cap', () => {
      fc.assert(
        fc.property(policyArbitrary, rentArbitrary, fc.integer({ min: -5, max: 62 }), (rule, rentCents, days) => {
          const fees = lateFeesThroughDay(rule, rentCents, days);
          expect(fees).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(fees)).toBe(true);
          if (rule.monthlyCapCents !== null) expect(fees).toBeLessThanOrEqual(rule.monthlyCapCents);
        }),
      );
    });

    it('never decrease as the rent stays late longer', () => {
      fc.assert(
        fc.property(policyArbitrary, rentArbitrary, fc.integer({ min: -5, max: 62 }), fc.integer({ min: 0, max: 62 }), (rule, rentCents, days, more) => {
          expect(lateFeesThroughDay(rule, rentCents, days + more)).toBeGreaterThanOrEqual(lateFeesThroughDay(rule, rentCents, days));
        }),
      );
    });
  });
});
