import fc from 'fast-check';
import {
  localYearMonthAt,
  billingMonthKey,
  billingMonthLabel,
  billingMonthOf,
  billingMonthRange,
  compareBillingMonths,
  monthlyStatus,
  parseBillingMonthKey,
  shiftBillingMonth,
} from './billing-month';

describe('billingMonthOf', () => {
  it('counts a payment made on or before the 10th to that month', () => {
    expect(billingMonthOf(new Date('2024-03-01T05:00:00Z'))).toEqual({ year: 2024, month: 3 });
    // 23:59:59.999 on March 10th in New York (EDT, UTC-4).
    expect(billingMonthOf(new Date('2024-03-11T03:59:59.999Z'))).toEqual({ year: 2024, month: 3 });
  });

  it('counts a payment made after the 10th to the next month', () => {
    // Midnight starting March 11th in New York.
    expect(billingMonthOf(new Date('2024-03-11T04:00:00.000Z'))).toEqual({ year: 2024, month: 4 });
    expect(billingMonthOf(new Date('2024-03-31T12:00:00Z'))).toEqual({ year: 2024, month: 4 });
  });

  it('counts December after the 10th to January of the next year', () => {
    expect(billingMonthOf(new Date('2024-12-11T05:00:00Z'))).toEqual({ year: 2025, month: 1 });
    expect(billingMonthOf(new Date('2024-12-11T04:59:59Z'))).toEqual({ year: 2024, month: 12 });
  });

  it('judges the date on the given time zone calendar', () => {
    const instant = new Date('2024-03-11T02:00:00Z'); // 10th in New York, 11th in UTC
    expect(billingMonthOf(instant)).toEqual({ year: 2024, month: 3 });
    expect(billingMonthOf(instant, 'UTC')).toEqual({ year: 2024, month: 4 });
    expect(billingMonthOf(new Date('2024-03-10T20:00:00Z'), 'Asia/Tokyo')).toEqual({ year: 2024, month: 4 });
  });

  it('goes by the clock in force at that minute when the clocks change half-way through a UTC hour', () => {
    // Belize put its clocks back half an hour at midnight ending 10 February 1968 (-05:30 to -06:00, at 05:30Z):
    // the half hour 23:30-24:00 on the 10th came twice, and both count to February.
    expect(billingMonthOf(new Date('1968-02-11T05:29:59Z'), 'America/Belize')).toEqual({ year: 1968, month: 2 });
    expect(billingMonthOf(new Date('1968-02-11T05:30:00Z'), 'America/Belize')).toEqual({ year: 1968, month: 2 });
    expect(billingMonthOf(new Date('1968-02-11T05:59:59Z'), 'America/Belize')).toEqual({ year: 1968, month: 2 });
    expect(billingMonthOf(new Date('1968-02-11T06:00:00Z'), 'America/Belize')).toEqual({ year: 1968, month: 3 });
  });

  it('refuses invalid dates and unknown time zones', () => {
    expect(() => billingMonthOf(new Date('nope'))).toThrow(new RangeError('Invalid date'));
    expect(() => billingMonthOf(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('localYearMonthAt', () => {
  const intlYearMonth = (at: Date, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(at);
    return { year: Number(parts.find((p) => p.type === 'year')!.value), month: Number(parts.find((p) => p.type === 'month')!.value) };
  };
  const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'UTC'];

  it('agrees with Intl at any instant in any zone, clock changes included', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), fc.constantFrom(...zones), (epochMs, timeZone) => {
        expect(localYearMonthAt(new Date(epochMs), timeZone)).toEqual(intlYearMonth(new Date(epochMs), timeZone));
      }),
      { numRuns: 2000 },
    );
  });

  it('goes back a month with the clocks when they change half-way through a UTC hour', () => {
    // Newfoundland went from 00:01 NDT on 1 November 2009 back to 23:01 NST on 31 October, at 02:31Z.
    expect(localYearMonthAt(new Date('2009-11-01T02:30:59Z'), 'America/St_Johns')).toEqual({ year: 2009, month: 11 });
    expect(localYearMonthAt(new Date('2009-11-01T02:31:00Z'), 'America/St_Johns')).toEqual({ year: 2009, month: 10 });
    expect(localYearMonthAt(new Date('2009-11-01T02:59:59Z'), 'America/St_Johns')).toEqual({ year: 2009, month: 10 });
  });

  it('turns the month at local midnight, and agrees with Intl minute by minute through a half-hour clock change', () => {
    // New York: 2024-10-31 23:59:59 and 2024-11-01 00:00:00 EDT. Lord Howe: clocks go back half an hour at 02:00 on 2024-04-07.
    expect(localYearMonthAt(new Date('2024-11-01T03:59:59Z'), 'America/New_York')).toEqual({ year: 2024, month: 10 });
    expect(localYearMonthAt(new Date('2024-11-01T04:00:00Z'), 'America/New_York')).toEqual({ year: 2024, month: 11 });
    for (let minute = 0; minute < 120; minute += 1) {
      const at = new Date(Date.UTC(2024, 3, 6, 14, 0) + minute * 60_000);
      expect(localYearMonthAt(at, 'Australia/Lord_Howe')).toEqual(intlYearMonth(at, 'Australia/Lord_Howe'));
    }
  });
});

describe('billingMonthRange', () => {
  it('runs from local midnight on the 11th of the previous month to local midnight on the 11th', () => {
    // February 11th is EST (UTC-5), March 11th 2024 is already EDT (UTC-4): DST began March 10th.
    expect(billingMonthRange(2024, 3)).toEqual({
      startsAt: new Date('2024-02-11T05:00:00Z'),
      endsBefore: new Date('2024-03-11T04:00:00Z'),
    });
  });

  it('starts January at December 11th of the previous year', () => {
    expect(billingMonthRange(2025, 1, 'UTC')).toEqual({
      startsAt: new Date('2024-12-11T00:00:00Z'),
      endsBefore: new Date('2025-01-11T00:00:00Z'),
    });
  });

  it('finds midnight when the clocks change on the 11th itself', () => {
    // DST began at 02:00 on Sunday March 11th 2029 in New York, after midnight EST.
    expect(billingMonthRange(2029, 3).endsBefore).toEqual(new Date('2029-03-11T05:00:00Z'));
  });

  it('starts the day when a clock change skips midnight', () => {
    // Chile skipped from 00:00 to 01:00 on 2022-09-11; the 11th began at 04:00Z (01:00 -03).
    expect(billingMonthRange(2022, 9, 'America/Santiago').endsBefore).toEqual(new Date('2022-09-11T04:00:00Z'));
  });

  it('ends at midnight by the clock of that evening when the clocks go back later in the night of the 11th', () => {
    // Seoul left daylight time (+10) for +09 at 03:00 on 11 October 1987; the 11th began at 00:00 +10.
    expect(billingMonthRange(1987, 10, 'Asia/Seoul').endsBefore).toEqual(new Date('1987-10-10T14:00:00Z'));
    expect(billingMonthRange(1987, 11, 'Asia/Seoul').startsAt).toEqual(new Date('1987-10-10T14:00:00Z'));
  });

  it('refuses months outside 1-12', () => {
    expect(() => billingMonthRange(2024, 13)).toThrow(RangeError);
    expect(() => billingMonthRange(2024, 0)).toThrow(RangeError);
  });

  it('refuses a year or month that is not a whole number, naming it', () => {
    expect(() => billingMonthRange(2024.5, 3)).toThrow('Not a month: 2024.5-3');
    expect(() => billingMonthRange(2024, 3.5)).toThrow('Not a month: 2024-3.5');
  });

  it.each(['America/New_York', 'America/Los_Angeles', 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago'])(
    'agrees with billingMonthOf for every instant in %s',
    (timeZone) => {
      const from = Date.UTC(2018, 0, 1);
      const to = Date.UTC(2032, 0, 1);
      fc.assert(
        fc.property(fc.integer({ min: from, max: to }), (ms) => {
          const paidAt = new Date(ms);
          const { year, month } = billingMonthOf(paidAt, timeZone);
          const { startsAt, endsBefore } = billingMonthRange(year, month, timeZone);
          expect(startsAt.getTime()).toBeLessThanOrEqual(ms);
          expect(ms).toBeLessThan(endsBefore.getTime());
          expect(billingMonthOf(new Date(endsBefore.getTime() - 1), timeZone)).toEqual({ year, month });
          expect(billingMonthOf(endsBefore, timeZone)).toEqual(shiftBillingMonth({ year, month }, 1));
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe('billing month helpers', () => {
  it('keys a month as YYYY-MM and reads the key back', () => {
    expect(billingMonthKey({ year: 2024, month: 3 })).toBe('2024-03');
    expect(parseBillingMonthKey('2024-03')).toEqual({ year: 2024, month: 3 });
    expect(parseBillingMonthKey('2024-13')).toBeNull();
    expect(parseBillingMonthKey('2024-3')).toBeNull();
  });

  it('pads the year to four digits, so that keys of any year sort as text', () => {
    expect(billingMonthKey({ year: 999, month: 12 })).toBe('0999-12');
    expect(parseBillingMonthKey('0999-12')).toEqual({ year: 999, month: 12 });
  });

  it('reads keys of January through December, and nothing around a key', () => {
    expect(parseBillingMonthKey('2024-01')).toEqual({ year: 2024, month: 1 });
    expect(parseBillingMonthKey('2024-12')).toEqual({ year: 2024, month: 12 });
    for (const key of ['2024-00', 'x2024-03', '2024-03x', '2024-03-01']) {
      expect(parseBillingMonthKey(key)).toBeNull();
    }
  });

  it('labels a month with its English name and year', () => {
    expect(billingMonthLabel({ year: 2024, month: 3 })).toBe('March 2024');
    expect(billingMonthLabel({ year: 2025, month: 12 })).toBe('December 2025');
  });

  it('orders months chronologically, the same way as their keys', () => {
    const month = fc.record({ year: fc.integer({ min: 2000, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) });
    fc.assert(
      fc.property(month, month, (a, b) => {
        const byKey = billingMonthKey(a).localeCompare(billingMonthKey(b));
        expect(Math.sign(compareBillingMonths(a, b))).toBe(Math.sign(byKey));
      }),
    );
  });

  it('shifts across year ends both ways', () => {
    expect(shiftBillingMonth({ year: 2024, month: 12 }, 1)).toEqual({ year: 2025, month: 1 });
    expect(shiftBillingMonth({ year: 2024, month: 1 }, -1)).toEqual({ year: 2023, month: 12 });
    expect(shiftBillingMonth({ year: 2024, month: 5 }, -17)).toEqual({ year: 2022, month: 12 });
  });
});

describe('monthlyStatus', () => {
  it('shows Full Amount Received when exactly the rent has arrived', () => {
    expect(monthlyStatus(150_000, 150_000)).toEqual({ fullAmountReceived: true, receivedCents: 150_000, dueCents: 0 });
  });

  it('shows Full Amount Received when more than the rent has arrived, with nothing due', () => {
    expect(monthlyStatus(160_000, 150_000)).toEqual({ fullAmountReceived: true, receivedCents: 160_000, dueCents: 0 });
  });

  it('shows what was received and what is still due when a cent short', () => {
    expect(monthlyStatus(149_999, 150_000)).toEqual({ fullAmountReceived: false, receivedCents: 149_999, dueCents: 1 });
    expect(monthlyStatus(0, 150_000)).toEqual({ fullAmountReceived: false, receivedCents: 0, dueCents: 150_000 });
  });

  it('refuses fractional cents', () => {
    expect(() => monthlyStatus(1.5, 100)).toThrow(RangeError);
  });
});

describe('the cost of reading the calendar', () => {
  // A ten-year statement of 100 properties asks for tens of thousands of dates, and an Intl lookup costs tens of
  // microseconds: the zone's offset is looked up once per UTC hour and kept, and so is each month's range.
  // Each test uses a zone that no other test in this file asks about, so that nothing is kept from before.
  const HOUR_MS = 3_600_000;
  let lookups: jest.SpyInstance;

  beforeEach(() => {
    lookups = jest.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
  });

  afterEach(() => jest.restoreAllMocks());

  it('builds one Intl formatter per time zone', () => {
    const formatters = jest.spyOn(Intl, 'DateTimeFormat');
    for (let hour = 0; hour < 48; hour += 1) billingMonthOf(new Date(Date.UTC(2024, 5, 1, hour)), 'Europe/Berlin');
    billingMonthOf(new Date(Date.UTC(2024, 5, 1)), 'Africa/Nairobi');
    expect(formatters).toHaveBeenCalledTimes(2);
  });

  it('asks Intl twice per UTC hour, however many payments fall in it and in whatever order, around a clock change on the hour', () => {
    // Toronto's clocks went back at 06:00Z on 3 November 2024: no UTC hour has two offsets.
    const from = Date.UTC(2024, 10, 3, 0);
    for (let i = 0; i < 1000; i += 1) {
      const hour = (i * 7) % 12; // hops between the 12 hours
      billingMonthOf(new Date(from + hour * HOUR_MS + ((i * 3_571_000) % HOUR_MS)), 'America/Toronto');
    }
    expect(lookups).toHaveBeenCalledTimes(12 * 2);
  });

  it('asks Intl again for each payment only inside an hour whose clock changes', () => {
    // Goose Bay's clocks went back from 00:01 to 23:01 at 03:01Z on 1 November 2009.
    const months = [];
    for (let minute = 0; minute < 60; minute += 6) {
      months.push(localYearMonthAt(new Date(Date.UTC(2009, 10, 1, 3, minute)), 'America/Goose_Bay').month);
    }
    expect(months).toEqual([11, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    expect(lookups).toHaveBeenCalledTimes(2 + 10);
  });

  it('works out a month from the offsets of three days around each 11th', () => {
    expect(billingMonthRange(2025, 1, 'Etc/UTC').startsAt).toEqual(new Date('2024-12-11T00:00:00Z'));
    expect(lookups).toHaveBeenCalledTimes(2 * 3 * 2);
  });

  it('keeps the months it has worked out, and gives a new Date each time', () => {
    const january = billingMonthRange(2026, 1, 'Pacific/Auckland');
    const february = billingMonthRange(2026, 2, 'Pacific/Auckland');
    january.endsBefore.setTime(0);
    // The sum behind a month's range is not done again for a month already asked about.
    const dateSums = jest.spyOn(Date, 'UTC');
    expect(billingMonthRange(2026, 1, 'Pacific/Auckland')).toEqual({
      startsAt: new Date('2025-12-10T11:00:00Z'),
      endsBefore: new Date('2026-01-10T11:00:00Z'),
    });
    expect(billingMonthRange(2026, 2, 'Pacific/Auckland')).toEqual(february);
    expect(dateSums).not.toHaveBeenCalled();
  });
});
