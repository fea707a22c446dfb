import fc from 'fast-check';
import { billingMonthKey, type BillingMonth, startOfLocalDay } from './billing-month';
import {
  DEFAULT_RENT_DUE_DAY,
  isRentDueDay,
  LATEST_RENT_DUE_DAY,
  occupiedDaysIn,
  proratedRentCents,
  type RentCharge,
  rentChargesThrough,
  type RentFrom,
  rentDueAt,
  rentInEffectAt,
  type TenancyPeriod,
} from './rent-charges';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const AUCKLAND = 'Pacific/Auckland';
/** Santiago moves its clocks at midnight, so some of its days begin at 01:00. */
const ZONES = [NY, LA, AUCKLAND, 'Europe/London', 'America/Santiago', 'UTC'];

const at = (iso: string) => new Date(iso);
const month = (year: number, monthOfYear: number): BillingMonth => ({ year, month: monthOfYear });
const tenancy = (startedAt: string, endedAt: string | null = null): TenancyPeriod => ({
  startedAt: at(startedAt),
  endedAt: endedAt === null ? null : at(endedAt),
});
const rent = (rentCents: number, effectiveFrom = '2000-01-01T00:00:00Z'): RentFrom => ({ rentCents, effectiveFrom: at(effectiveFrom) });
const summary = (charges: RentCharge[]) =>
  charges.map((charge) => ({
    month: billingMonthKey(charge.month),
    chargedAt: charge.chargedAt.toISOString(),
    amountCents: charge.amountCents,
    fullRentCents: charge.fullRentCents,
  }));

/** The local calendar date at an instant, read straight from Intl (not through the code under test). */
const intlDate = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const daysIn = ({ year, month: m }: BillingMonth) => new Date(Date.UTC(year, m, 0)).getUTCDate();

describe('the rent due day', () => {
  it('defaults to the 1st and may be set from the 1st to the 10th, whole days only', () => {
    expect(DEFAULT_RENT_DUE_DAY).toBe(1);
    expect(LATEST_RENT_DUE_DAY).toBe(10);
    expect([1, 5, 10].map(isRentDueDay)).toEqual([true, true, true]);
    expect([0, 11, 31, 1.5, -1, Number.NaN].map(isRentDueDay)).toEqual([false, false, false, false, false, false]);
    expect(() => rentDueAt(month(2024, 1), 11, NY)).toThrow(RangeError);
    expect(() => rentDueAt(month(2024, 1), 0, NY)).toThrow(RangeError);
  });

  it('falls due at the first moment of the due day on the landlord’s calendar', () => {
    expect(rentDueAt(month(2024, 1), 1, NY)).toEqual(at('2024-01-01T05:00:00Z')); // EST
    expect(rentDueAt(month(2024, 7), 1, NY)).toEqual(at('2024-07-01T04:00:00Z')); // EDT
    expect(rentDueAt(month(2024, 1), 10, NY)).toEqual(at('2024-01-10T05:00:00Z'));
    expect(rentDueAt(month(2024, 1), 1, AUCKLAND)).toEqual(at('2023-12-31T11:00:00Z')); // NZDT, still 2023 in UTC
  });

  it('falls due at local midnight on the days the clocks change', () => {
    // New York springs forward at 02:00 on 10 March 2024 and falls back at 02:00 on 3 November: midnight is still there.
    expect(rentDueAt(month(2024, 3), 10, NY)).toEqual(at('2024-03-10T05:00:00Z')); // midnight EST, the day is 23 hours
    expect(rentDueAt(month(2024, 11), 3, NY)).toEqual(at('2024-11-03T04:00:00Z')); // midnight EDT, the day is 25 hours
    expect(rentDueAt(month(2024, 11), 4, NY)).toEqual(at('2024-11-04T05:00:00Z'));
    expect(rentDueAt(month(2024, 3), 10, LA)).toEqual(at('2024-03-10T08:00:00Z'));
    // Auckland falls back at 03:00 NZDT on 7 April 2024 and springs forward at 02:00 NZST on 29 September.
    expect(rentDueAt(month(2024, 4), 7, AUCKLAND)).toEqual(at('2024-04-06T11:00:00Z'));
    expect(rentDueAt(month(2024, 4), 8, AUCKLAND)).toEqual(at('2024-04-07T12:00:00Z'));
  });

  it('falls due when the day begins where the clocks skip its midnight', () => {
    // Santiago went from 00:00 (-04) straight to 01:00 (-03) on 8 September 2024.
    expect(rentDueAt(month(2024, 9), 8, 'America/Santiago')).toEqual(at('2024-09-08T04:00:00Z'));
    expect(rentDueAt(month(2024, 9), 9, 'America/Santiago')).toEqual(at('2024-09-09T03:00:00Z'));
  });

  it('falls due in December and in the January after it across the year’s end', () => {
    expect(rentDueAt(month(2024, 12), 1, NY)).toEqual(at('2024-12-01T05:00:00Z'));
    expect(rentDueAt(month(2025, 1), 1, NY)).toEqual(at('2025-01-01T05:00:00Z'));
  });
});

describe('rentInEffectAt', () => {
  const history = [rent(150_000, '2023-01-01T05:00:00Z'), rent(160_000, '2024-03-15T16:00:00Z')];

  it('is the latest rent that took effect by then, from its exact instant', () => {
    expect(rentInEffectAt(at('2024-03-15T15:59:59.999Z'), history)).toBe(150_000);
    expect(rentInEffectAt(at('2024-03-15T16:00:00Z'), history)).toBe(160_000);
    expect(rentInEffectAt(at('2030-01-01T00:00:00Z'), history)).toBe(160_000);
  });

  it('is the first recorded rent before any rent was recorded', () => {
    expect(rentInEffectAt(at('2020-06-01T00:00:00Z'), history)).toBe(150_000);
  });

  it('is null with no rent history', () => {
    expect(rentInEffectAt(at('2024-01-01T00:00:00Z'), [])).toBeNull();
  });
});

describe('occupiedDaysIn', () => {
  const march2024 = month(2024, 3);

  it('counts every day of a month lived in throughout, even the 23-hour or 25-hour one', () => {
    expect(occupiedDaysIn(march2024, tenancy('2023-06-01T04:00:00Z'), NY)).toBe(31);
    expect(occupiedDaysIn(month(2024, 11), tenancy('2023-06-01T04:00:00Z'), NY)).toBe(30);
    expect(occupiedDaysIn(month(2023, 2), tenancy('2023-01-01T05:00:00Z'), NY)).toBe(28);
    expect(occupiedDaysIn(month(2024, 2), tenancy('2023-01-01T05:00:00Z'), NY)).toBe(29);
  });

  it('charges the move-in day, whatever the hour', () => {
    expect(occupiedDaysIn(march2024, tenancy('2024-03-15T04:00:00Z'), NY)).toBe(17); // midnight starting the 15th
    expect(occupiedDaysIn(march2024, tenancy('2024-03-16T03:59:59.999Z'), NY)).toBe(17); // its last millisecond
    expect(occupiedDaysIn(march2024, tenancy('2024-03-16T04:00:00Z'), NY)).toBe(16);
  });

  it('charges the move-out day, but not a day the tenancy ends at the stroke of its midnight', () => {
    const from = '2024-02-01T05:00:00Z';
    expect(occupiedDaysIn(march2024, tenancy(from, '2024-03-15T16:00:00Z'), NY)).toBe(15);
    expect(occupiedDaysIn(march2024, tenancy(from, '2024-03-16T04:00:00Z'), NY)).toBe(15); // midnight starting the 16th
    expect(occupiedDaysIn(march2024, tenancy(from, '2024-03-16T04:00:00.001Z'), NY)).toBe(16);
  });

  it('counts the days of a tenancy that starts and ends inside the month, both ends included', () => {
    expect(occupiedDaysIn(march2024, tenancy('2024-03-05T17:00:00Z', '2024-03-05T18:00:00Z'), NY)).toBe(1);
    expect(occupiedDaysIn(march2024, tenancy('2024-03-05T17:00:00Z', '2024-03-20T15:00:00Z'), NY)).toBe(16);
  });

  it('counts nothing for a month the tenancy does not touch, or for an empty tenancy', () => {
    expect(occupiedDaysIn(march2024, tenancy('2024-01-01T05:00:00Z', '2024-03-01T05:00:00Z'), NY)).toBe(0); // ends as March begins
    expect(occupiedDaysIn(march2024, tenancy('2024-04-01T04:00:00Z'), NY)).toBe(0); // begins as March ends
    expect(occupiedDaysIn(march2024, tenancy('2024-03-05T17:00:00Z', '2024-03-05T17:00:00Z'), NY)).toBe(0);
  });

  it('finds the days by the local calendar across the spring-forward day (New York, 10 March 2024)', () => {
    // The 10th runs from 05:00Z to 04:00Z on the 11th: 23 hours.
    expect(occupiedDaysIn(march2024, tenancy('2024-03-10T05:00:00Z'), NY)).toBe(22);
    expect(occupiedDaysIn(march2024, tenancy('2024-03-10T04:59:59.999Z'), NY)).toBe(23);
    expect(occupiedDaysIn(march2024, tenancy('2024-03-11T03:59:59.999Z'), NY)).toBe(22);
    expect(occupiedDaysIn(march2024, tenancy('2024-03-11T04:00:00Z'), NY)).toBe(21);
    const fromFebruary = '2024-02-01T05:00:00Z';
    expect(occupiedDaysIn(march2024, tenancy(fromFebruary, '2024-03-11T04:00:00Z'), NY)).toBe(10); // midnight (EDT) ending the 10th
    expect(occupiedDaysIn(march2024, tenancy(fromFebruary, '2024-03-11T05:00:00Z'), NY)).toBe(11); // 24 hours after the 10th began is 01:00 on the 11th
  });

  it('finds the days by the local calendar across the fall-back day (New York, 3 November 2024)', () => {
    // The 3rd runs from 04:00Z to 05:00Z on the 4th: 25 hours.
    const fromOctober = '2024-10-01T04:00:00Z';
    expect(occupiedDaysIn(month(2024, 11), tenancy(fromOctober, '2024-11-04T04:00:00Z'), NY)).toBe(3); // 23:00 on the 3rd
    expect(occupiedDaysIn(month(2024, 11), tenancy(fromOctober, '2024-11-04T05:00:00Z'), NY)).toBe(3); // midnight ending the 3rd
    expect(occupiedDaysIn(month(2024, 11), tenancy(fromOctober, '2024-11-04T05:00:00.001Z'), NY)).toBe(4);
    expect(occupiedDaysIn(month(2024, 11), tenancy('2024-11-04T04:30:00Z'), NY)).toBe(28); // 23:30 EST on the 3rd
  });

  it('finds the days by the local calendar in Auckland and Los Angeles', () => {
    // Auckland, April 2024 (NZDT until 03:00 on the 7th): the month begins at 11:00Z on 31 March.
    expect(occupiedDaysIn(month(2024, 4), tenancy('2024-03-31T11:00:00Z'), AUCKLAND)).toBe(30);
    expect(occupiedDaysIn(month(2024, 4), tenancy('2024-03-31T10:59:59.999Z', '2024-04-07T12:00:00Z'), AUCKLAND)).toBe(7);
    expect(occupiedDaysIn(month(2024, 4), tenancy('2024-03-01T00:00:00Z', '2024-04-07T11:59:59.999Z'), AUCKLAND)).toBe(7);
    // Los Angeles: 10 March 2024 begins at 08:00Z and ends at 07:00Z on the 11th.
    expect(occupiedDaysIn(month(2024, 3), tenancy('2024-03-10T08:00:00Z'), LA)).toBe(22);
    expect(occupiedDaysIn(month(2024, 3), tenancy('2024-02-01T08:00:00Z', '2024-03-11T07:00:00Z'), LA)).toBe(10);
  });

  it('splits the month’s days between two back-to-back tenancies, the shared day counted for both unless split at midnight', () => {
    const monthArbitrary = fc.record({ year: fc.integer({ min: 2000, max: 2035 }), month: fc.integer({ min: 1, max: 12 }) });
    const splitArbitrary = fc.record({
      atMidnight: fc.boolean(),
      day: fc.integer({ min: 1, max: 31 }),
      fraction: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    });
    fc.assert(
      fc.property(monthArbitrary, fc.constantFrom(...ZONES), splitArbitrary, (m, timeZone, split) => {
        const monthStart = startOfLocalDay(m.year, m.month, 1, timeZone).getTime();
        const monthEnd = startOfLocalDay(m.year, m.month + 1, 1, timeZone).getTime();
        const splitMs = split.atMidnight
          ? startOfLocalDay(m.year, m.month, 1 + ((split.day - 1) % daysIn(m)), timeZone).getTime()
          : monthStart + Math.floor(split.fraction * (monthEnd - monthStart));
        const before: TenancyPeriod = { startedAt: new Date(monthStart - 40 * 86_400_000), endedAt: new Date(splitMs) };
        const after: TenancyPeriod = { startedAt: new Date(splitMs), endedAt: null };
        const splitAtMidnight = intlDate(splitMs - 1, timeZone) !== intlDate(splitMs, timeZone);
        const days = occupiedDaysIn(m, before, timeZone) + occupiedDaysIn(m, after, timeZone);
        expect(days).toBe(daysIn(m) + (splitAtMidnight ? 0 : 1));
      }),
      { numRuns: 500 },
    );
  });
});

describe('proratedRentCents', () => {
  it('charges rent × days ÷ days in the month, to the nearest cent, half up', () => {
    expect(proratedRentCents(150_000, 17, 31)).toBe(82_258); // 82,258.06
    expect(proratedRentCents(100_001, 14, 28)).toBe(50_001); // 50,000.5 rounds up
    expect(proratedRentCents(1, 15, 30)).toBe(1); // 0.5
    expect(proratedRentCents(1, 14, 30)).toBe(0); // 0.47
    expect(proratedRentCents(150_000, 0, 30)).toBe(0);
  });

  it('divides by 28 in February and by 29 in a leap year', () => {
    expect(proratedRentCents(150_000, 14, 28)).toBe(75_000);
    expect(proratedRentCents(150_000, 15, 29)).toBe(77_586); // 77,586.21
    expect(proratedRentCents(150_000, 1, 28)).toBe(5357); // 5,357.14
    expect(proratedRentCents(150_000, 1, 29)).toBe(5172); // 5,172.41
  });

  it('refuses what is not a part of a month or not whole cents', () => {
    expect(() => proratedRentCents(150_000, 32, 31)).toThrow(RangeError);
    expect(() => proratedRentCents(150_000, 29, 28)).toThrow(RangeError);
    expect(() => proratedRentCents(150_000, -1, 30)).toThrow(RangeError);
    expect(() => proratedRentCents(150_000, 1.5, 30)).toThrow(RangeError);
    expect(() => proratedRentCents(150_000, 10, 27)).toThrow(RangeError);
    expect(() => proratedRentCents(150_000, 10, 32)).toThrow(RangeError);
    expect(() => proratedRentCents(1500.5, 10, 30)).toThrow(RangeError);
  });

  it('charges a full month its whole rent, whatever the month’s length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 28, max: 31 }), (rentCents, monthDays) => {
        expect(proratedRentCents(rentCents, monthDays, monthDays)).toBe(rentCents);
      }),
    );
  });
});

describe('rentChargesThrough', () => {
  const charges = (input: Partial<Parameters<typeof rentChargesThrough>[0]> & { through: Date }) =>
    rentChargesThrough({ tenancy: tenancy('2024-01-01T05:00:00Z'), rentHistory: [rent(150_000)], dueDay: 1, timeZone: NY, ...input });

  it('charges each month its whole rent on the due date, the due instant itself included', () => {
    expect(summary(charges({ through: at('2024-03-01T04:59:59.999Z') }))).toEqual([
      { month: '2024-01', chargedAt: '2024-01-01T05:00:00.000Z', amountCents: 150_000, fullRentCents: 150_000 },
      { month: '2024-02', chargedAt: '2024-02-01T05:00:00.000Z', amountCents: 150_000, fullRentCents: 150_000 },
    ]);
    expect(summary(charges({ through: at('2024-03-01T05:00:00Z') })).map((charge) => charge.month)).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(charges({ through: at('2024-03-01T05:00:00Z') })[1]).toMatchObject({ occupiedDays: 29, daysInMonth: 29, dueAt: at('2024-02-01T05:00:00Z') });
  });

  it('charges nothing with no rent history', () => {
    expect(charges({ rentHistory: [], through: at('2025-01-01T00:00:00Z') })).toEqual([]);
  });

  it('charges nothing before the move-in', () => {
    expect(charges({ through: at('2024-01-01T04:59:59.999Z') })).toEqual([]);
  });

  it('charges a mid-month move-in at the move-in for its days, then whole months on the due date', () => {
    const moveIn = tenancy('2024-03-15T14:00:00Z');
    expect(charges({ tenancy: moveIn, through: at('2024-03-15T13:59:59.999Z') })).toEqual([]);
    expect(summary(charges({ tenancy: moveIn, through: at('2024-04-01T04:00:00Z') }))).toEqual([
      { month: '2024-03', chargedAt: '2024-03-15T14:00:00.000Z', amountCents: 82_258, fullRentCents: 150_000 }, // 17 of 31 days
      { month: '2024-04', chargedAt: '2024-04-01T04:00:00.000Z', amountCents: 150_000, fullRentCents: 150_000 },
    ]);
  });

  it('charges a mid-month move-out for its days, and nothing after', () => {
    const movedOut = tenancy('2024-01-01T05:00:00Z', '2024-03-16T04:00:00Z'); // the last night is the 15th
    const all = charges({ tenancy: movedOut, through: at('2025-01-01T00:00:00Z') });
    expect(summary(all)).toEqual([
      { month: '2024-01', chargedAt: '2024-01-01T05:00:00.000Z', amountCents: 150_000, fullRentCents: 150_000 },
      { month: '2024-02', chargedAt: '2024-02-01T05:00:00.000Z', amountCents: 150_000, fullRentCents: 150_000 },
      { month: '2024-03', chargedAt: '2024-03-01T05:00:00.000Z', amountCents: 72_581, fullRentCents: 150_000 }, // 15 of 31 days
    ]);
    // Ending at the stroke of midnight as April begins charges no April.
    const toMonthEnd = tenancy('2024-01-01T05:00:00Z', '2024-04-01T04:00:00Z');
    expect(charges({ tenancy: toMonthEnd, through: at('2025-01-01T00:00:00Z') }).map((charge) => billingMonthKey(charge.month))).toEqual([
      '2024-01',
      '2024-02',
      '2024-03',
    ]);
  });

  it('charges a move-in and move-out in the same month once, for the days between', () => {
    const shortStay = tenancy('2024-02-10T17:00:00Z', '2024-02-20T17:00:00Z');
    expect(summary(charges({ tenancy: shortStay, through: at('2025-01-01T00:00:00Z') }))).toEqual([
      { month: '2024-02', chargedAt: '2024-02-10T17:00:00.000Z', amountCents: 56_897, fullRentCents: 150_000 }, // 11 of 29 days
    ]);
  });

  it('charges a February of 28 days, and of 29 in a leap year', () => {
    const feb2023 = rentChargesThrough({ tenancy: tenancy('2023-02-15T15:00:00Z'), rentHistory: [rent(150_000)], dueDay: 1, timeZone: NY, through: at('2023-02-28T12:00:00Z') });
    expect(feb2023).toMatchObject([{ occupiedDays: 14, daysInMonth: 28, amountCents: 75_000 }]);
    const feb2024 = charges({ tenancy: tenancy('2024-02-15T15:00:00Z'), through: at('2024-02-29T12:00:00Z') });
    expect(feb2024).toMatchObject([{ occupiedDays: 15, daysInMonth: 29, amountCents: 77_586 }]);
  });

  it('charges December and then January of the next year across the year’s end', () => {
    const overNewYear = tenancy('2024-12-15T17:00:00Z');
    expect(summary(charges({ tenancy: overNewYear, through: at('2025-02-01T05:00:00Z') }))).toEqual([
      { month: '2024-12', chargedAt: '2024-12-15T17:00:00.000Z', amountCents: 82_258, fullRentCents: 150_000 }, // 17 of 31 days
      { month: '2025-01', chargedAt: '2025-01-01T05:00:00.000Z', amountCents: 150_000, fullRentCents: 150_000 },
      { month: '2025-02', chargedAt: '2025-02-01T05:00:00.000Z', amountCents: 150_000, fullRentCents: 150_000 },
    ]);
    // New Year's Eve in New York is already 1 January in UTC: the December charge only.
    expect(charges({ tenancy: overNewYear, through: at('2025-01-01T04:59:59.999Z') }).map((charge) => billingMonthKey(charge.month))).toEqual(['2024-12']);
    // A tenancy that ends in January, on the 10th (its last night the 9th).
    const endsInJanuary = tenancy('2024-12-01T05:00:00Z', '2025-01-10T05:00:00Z');
    expect(summary(charges({ tenancy: endsInJanuary, through: at('2025-06-01T00:00:00Z') }))).toEqual([
      { month: '2024-12', chargedAt: '2024-12-01T05:00:00.000Z', amountCents: 150_000, fullRentCents: 150_000 },
      { month: '2025-01', chargedAt: '2025-01-01T05:00:00.000Z', amountCents: 43_548, fullRentCents: 150_000 }, // 9 of 31 days
    ]);
  });

  it('charges on the 10th when that is the due day, and a move-in before it on the 10th too', () => {
    const dueTenth = { dueDay: 10, tenancy: tenancy('2024-01-05T17:00:00Z') };
    expect(summary(charges({ ...dueTenth, through: at('2024-01-10T04:59:59.999Z') }))).toEqual([]);
    expect(summary(charges({ ...dueTenth, through: at('2024-03-10T04:59:59.999Z') }))).toEqual([
      { month: '2024-01', chargedAt: '2024-01-10T05:00:00.000Z', amountCents: 130_645, fullRentCents: 150_000 }, // 27 of 31 days
      { month: '2024-02', chargedAt: '2024-02-10T05:00:00.000Z', amountCents: 150_000, fullRentCents: 150_000 },
    ]);
    // 10 March 2024 is New York's spring-forward day: still due at its midnight (EST).
    expect(charges({ ...dueTenth, through: at('2024-03-10T05:00:00Z') })[2]).toMatchObject({ chargedAt: at('2024-03-10T05:00:00Z'), amountCents: 150_000 });
    // A move-in after the 10th is charged at the move-in.
    expect(charges({ dueDay: 10, tenancy: tenancy('2024-01-20T17:00:00Z'), through: at('2024-01-20T17:00:00Z') })).toMatchObject([
      { chargedAt: at('2024-01-20T17:00:00Z'), dueAt: at('2024-01-10T05:00:00Z'), occupiedDays: 12 },
    ]);
  });

  it('charges a tenancy that ends before its last month’s due day its days there, on the due date', () => {
    const leftOnThe5th = tenancy('2024-01-10T05:00:00Z', '2024-04-06T04:00:00Z');
    const all = charges({ dueDay: 10, tenancy: leftOnThe5th, through: at('2025-01-01T00:00:00Z') });
    expect(all[all.length - 1]).toMatchObject({ month: { year: 2024, month: 4 }, chargedAt: at('2024-04-10T04:00:00Z'), occupiedDays: 5, amountCents: 25_000 });
  });

  it('charges a rent change from the next charge after it takes effect, and never changes an earlier charge', () => {
    const through = at('2024-06-01T04:00:00Z');
    const before = charges({ rentHistory: [rent(150_000)], through });
    const raisedMidMarch = charges({ rentHistory: [rent(150_000), rent(160_000, '2024-03-15T16:00:00Z')], through });
    expect(raisedMidMarch.map((charge) => charge.amountCents)).toEqual([150_000, 150_000, 150_000, 160_000, 160_000, 160_000]);
    expect(raisedMidMarch.slice(0, 3)).toEqual(before.slice(0, 3));
    // A change that takes effect at the due instant is that month's rent; a millisecond later, the next month's.
    const atDue = charges({ rentHistory: [rent(150_000), rent(160_000, '2024-04-01T04:00:00Z')], through });
    expect(atDue.map((charge) => charge.fullRentCents)).toEqual([150_000, 150_000, 150_000, 160_000, 160_000, 160_000]);
    const justAfter = charges({ rentHistory: [rent(150_000), rent(160_000, '2024-04-01T04:00:00.001Z')], through });
    expect(justAfter.map((charge) => charge.fullRentCents)).toEqual([150_000, 150_000, 150_000, 150_000, 160_000, 160_000]);
  });

  it('charges a mid-month move-in the rent in effect at the move-in, and pro-rates it', () => {
    const history = [rent(150_000), rent(124_000, '2024-03-10T12:00:00Z')];
    expect(charges({ tenancy: tenancy('2024-03-20T16:00:00Z'), rentHistory: history, through: at('2024-03-31T00:00:00Z') })).toMatchObject([
      { fullRentCents: 124_000, occupiedDays: 12, amountCents: 48_000 },
    ]);
  });

  it('charges a tenancy that began before the first recorded rent that first rent', () => {
    expect(charges({ rentHistory: [rent(140_000, '2024-06-01T04:00:00Z')], through: at('2024-01-31T00:00:00Z') })).toMatchObject([{ fullRentCents: 140_000 }]);
  });

  it('charges by the landlord’s calendar across the daylight-saving days', () => {
    const wholeYear = charges({ tenancy: tenancy('2024-03-10T05:00:00Z'), through: at('2024-11-30T00:00:00Z') });
    expect(wholeYear[0]).toMatchObject({ chargedAt: at('2024-03-10T05:00:00Z'), occupiedDays: 22, amountCents: 106_452 }); // 22 of 31 days
    expect(wholeYear.map((charge) => charge.chargedAt.toISOString()).slice(-2)).toEqual(['2024-10-01T04:00:00.000Z', '2024-11-01T04:00:00.000Z']);
    const dueThird = charges({ dueDay: 3, tenancy: tenancy('2024-10-03T04:00:00Z'), through: at('2024-11-03T03:59:59.999Z') });
    expect(dueThird.map((charge) => billingMonthKey(charge.month))).toEqual(['2024-10']);
    expect(charges({ dueDay: 3, tenancy: tenancy('2024-10-03T04:00:00Z'), through: at('2024-11-03T04:00:00Z') })).toHaveLength(2);
    const auckland = rentChargesThrough({ tenancy: tenancy('2024-03-31T11:00:00Z'), rentHistory: [rent(200_000)], dueDay: 1, timeZone: AUCKLAND, through: at('2024-05-01T00:00:00Z') });
    expect(summary(auckland)).toEqual([
      { month: '2024-04', chargedAt: '2024-03-31T11:00:00.000Z', amountCents: 200_000, fullRentCents: 200_000 },
      { month: '2024-05', chargedAt: '2024-04-30T12:00:00.000Z', amountCents: 200_000, fullRentCents: 200_000 },
    ]);
  });

  describe('properties', () => {
    const FROM = Date.UTC(2022, 0, 1);
    const TO = Date.UTC(2027, 0, 1);
    const instant = fc.integer({ min: FROM, max: TO });
    const historyArbitrary = fc
      .array(fc.record({ rentCents: fc.integer({ min: 10_000, max: 9_999_900 }), atMs: instant }), { maxLength: 4 })
      .map((changes) => changes.sort((a, b) => a.atMs - b.atMs).map((change) => ({ rentCents: change.rentCents, effectiveFrom: new Date(change.atMs) })));
    const tenancyArbitrary = fc
      .record({ startMs: instant, lengthMs: fc.option(fc.integer({ min: 1, max: 3 * 365 * 86_400_000 }), { nil: null }) })
      .map(({ startMs, lengthMs }): TenancyPeriod => ({ startedAt: new Date(startMs), endedAt: lengthMs === null ? null : new Date(startMs + lengthMs) }));
    const inputArbitrary = fc.record({
      tenancy: tenancyArbitrary,
      rentHistory: historyArbitrary,
      dueDay: fc.integer({ min: 1, max: 10 }),
      timeZone: fc.constantFrom(...ZONES),
    });

    it('extends the charges through an earlier instant when asked through a later one', () => {
      fc.assert(
        fc.property(inputArbitrary, instant, instant, (input, a, b) => {
          const earlier = rentChargesThrough({ ...input, through: new Date(Math.min(a, b)) });
          const later = rentChargesThrough({ ...input, through: new Date(Math.max(a, b)) });
          expect(later.slice(0, earlier.length)).toEqual(earlier);
        }),
        { numRuns: 300 },
      );
    });

    it('posts each month exactly once, with the same amount, however often and in whatever order a job asks for what is due', () => {
      fc.assert(
        fc.property(inputArbitrary, fc.array(instant, { minLength: 1, maxLength: 12 }), (input, runs) => {
          // Runs in any order (a clock moved back), repeated (a replay, a second worker).
          const posted = new Map<string, RentCharge>();
          for (const runMs of [...runs, ...runs.slice(0, 3)]) {
            for (const charge of rentChargesThrough({ ...input, through: new Date(runMs) })) {
              const key = billingMonthKey(charge.month);
              const already = posted.get(key);
              if (already) expect(charge).toEqual(already);
              else posted.set(key, charge);
            }
          }
          expect([...posted.values()].sort((x, y) => x.chargedAt.getTime() - y.chargedAt.getTime())).toEqual(
            rentChargesThrough({ ...input, through: new Date(Math.max(...runs)) }),
          );
        }),
        { numRuns: 200 },
      );
    });

    it('charges consecutive months once each, due by the instant asked, for their days', () => {
      fc.assert(
        fc.property(inputArbitrary, instant, (input, throughMs) => {
          const all = rentChargesThrough({ ...input, through: new Date(throughMs) });
          all.forEach((charge, index) => {
            expect(charge.chargedAt.getTime()).toBeLessThanOrEqual(throughMs);
            expect(charge.chargedAt.getTime()).toBeGreaterThanOrEqual(input.tenancy.startedAt.getTime());
            expect(charge.occupiedDays).toBeGreaterThan(0);
            expect(charge.amountCents).toBeLessThanOrEqual(charge.fullRentCents);
            if (index > 0) {
              const previous = all[index - 1].month;
              expect(charge.month.year * 12 + charge.month.month).toBe(previous.year * 12 + previous.month + 1);
            }
          });
        }),
        { numRuns: 300 },
      );
    });

    it('charges the whole rent for every month a tenancy fills', () => {
      fc.assert(
        fc.property(
          fc.record({ year: fc.integer({ min: 2000, max: 2030 }), month: fc.integer({ min: 1, max: 12 }) }),
          fc.integer({ min: 1, max: 30 }),
          fc.integer({ min: 0, max: 100_000_000 }),
          fc.integer({ min: 1, max: 10 }),
          fc.constantFrom(...ZONES),
          (first, months, rentCents, dueDay, timeZone) => {
            const startedAt = startOfLocalDay(first.year, first.month, 1, timeZone);
            const endedAt = startOfLocalDay(first.year, first.month + months, 1, timeZone);
            const all = rentChargesThrough({ tenancy: { startedAt, endedAt }, rentHistory: [{ rentCents, effectiveFrom: startedAt }], dueDay, timeZone, through: endedAt });
            expect(all).toHaveLength(months);
            for (const charge of all) {
              expect(charge.occupiedDays).toBe(charge.daysInMonth);
              expect(charge.amountCents).toBe(rentCents);
            }
          },
        ),
        { numRuns: 200 },
      );
    });
  });
});
