import fc from 'fast-check';
import { billingMonthKey, billingMonthOf, shiftBillingMonth } from './billing-month';
import { landlordReceivesCents } from './fees';
import {
  csvCell,
  monthRows,
  periodInWords,
  projectLines,
  rentDueFor,
  type StatementJournal,
  type StatementLine,
  statementDownloadName,
  statementFileName,
  totalsByBillingMonth,
  totalsOfRows,
} from './statements';

const ZONES = ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu'];
const FROM = Date.UTC(2022, 0, 1);
const TO = Date.UTC(2026, 11, 31);

/** A rent payment journal posted as the ledger posts it: card, landlord share, the era's fee. */
function paymentJournal(journalId: string, landlordUserId: string, atMs: number, chargedCents: number): StatementJournal {
  const landlord = landlordReceivesCents(chargedCents, Math.floor(atMs / 1000));
  return {
    journalId,
    kind: 'rent_payment',
    occurredAt: new Date(atMs).toISOString(),
    landlordUserId,
    propertyId: 'p1',
    tenantUserId: 't1',
    description: 'Rent',
    correctsJournalId: null,
    entries: [
      { account: 'tenant_card', amountCents: -chargedCents },
      { account: 'landlord_payable', amountCents: landlord },
      { account: 'processing_fees', amountCents: chargedCents - landlord },
    ].filter((entry) => entry.amountCents !== 0) as StatementJournal['entries'],
    processorFeeCents: Math.round(chargedCents * 0.029) + 30,
  };
}

function refundJournal(journalId: string, of: StatementJournal, atMs: number): StatementJournal {
  return {
    ...of,
    journalId,
    kind: 'refund',
    occurredAt: new Date(atMs).toISOString(),
    correctsJournalId: of.journalId,
    entries: of.entries.map((entry) => ({ ...entry, amountCents: -entry.amountCents })),
    processorFeeCents: null,
  };
}

/** Any sequence of payments, refunds of earlier payments, duplicates (the same journal again). */
const ledgerArbitrary = fc
  .array(
    fc.record({
      atMs: fc.integer({ min: FROM, max: TO }),
      chargedCents: fc.integer({ min: 1, max: 500_000 }),
      refund: fc.boolean(),
      duplicate: fc.boolean(),
    }),
    { maxLength: 40 },
  )
  .map((steps) => {
    const journals: StatementJournal[] = [];
    steps.forEach((step, index) => {
      const payment = paymentJournal(`j${index}`, 'l1', step.atMs, step.chargedCents);
      journals.push(payment);
      if (step.refund) journals.push(refundJournal(`r${index}`, payment, Math.min(TO, step.atMs + 86_400_000 * 3)));
      if (step.duplicate) journals.push(payment);
    });
    return journals;
  });

const rentHistoryArbitrary = fc
  .array(fc.record({ rentCents: fc.integer({ min: 10_000, max: 9_999_900 }), atMs: fc.integer({ min: FROM, max: TO }) }), {
    minLength: 1,
    maxLength: 5,
  })
  .map((changes) =>
    changes
      .sort((a, b) => a.atMs - b.atMs)
      .map((change) => ({ rentCents: change.rentCents, effectiveFrom: new Date(change.atMs).toISOString() })),
  );

const sorted = (lines: Map<string, StatementLine>) => [...lines.values()].sort((a, b) => a.journalId.localeCompare(b.journalId));

describe('the statements projection', () => {
  it('gives the same lines fed in any batches, with duplicates, as rebuilt from all journals at once', () => {
    fc.assert(
      fc.property(ledgerArbitrary, fc.array(fc.nat(), { maxLength: 10 }), fc.constantFrom(...ZONES), (journals, cuts, timeZone) => {
        const rebuilt = projectLines(new Map(), journals, () => timeZone);
        let incremental = new Map<string, StatementLine>();
        const bounds = [...new Set(cuts.map((cut) => cut % (journals.length + 1)))].sort((a, b) => a - b);
        let start = 0;
        for (const end of [...bounds, journals.length]) {
          incremental = projectLines(incremental, journals.slice(start, end), () => timeZone);
          incremental = projectLines(incremental, journals.slice(start, end), () => timeZone); // seen twice
          start = Math.max(start, end);
        }
        expect(sorted(incremental)).toEqual(sorted(rebuilt));
      }),
    );
  });

  it('totals each month as the ledger entries bucketed by the 10th-of-month cut-off', () => {
    fc.assert(
      fc.property(ledgerArbitrary, fc.constantFrom(...ZONES), (journals, timeZone) => {
        const totals = totalsByBillingMonth(projectLines(new Map(), journals, () => timeZone).values());
        const unique = [...new Map(journals.map((journal) => [journal.journalId, journal])).values()];
        const expected = new Map<string, number>();
        for (const journal of unique) {
          const key = billingMonthKey(billingMonthOf(new Date(journal.occurredAt), timeZone));
          const landlord = journal.entries.filter((entry) => entry.account === 'landlord_payable').reduce((sum, entry) => sum + entry.amountCents, 0);
          expected.set(key, (expected.get(key) ?? 0) + landlord);
        }
        expect(new Map([...totals].map(([key, month]) => [key, month.receivedCents]))).toEqual(expected);
      }),
    );
  });

  it('makes a year the sum of its months, and opens each month with the previous month’s closing balance', () => {
    fc.assert(
      fc.property(ledgerArbitrary, rentHistoryArbitrary, fc.constantFrom(...ZONES), (journals, rentHistory, timeZone) => {
        const lines = [...projectLines(new Map(), journals, () => timeZone).values()];
        const rows = monthRows({ from: { year: 2022, month: 1 }, through: { year: 2027, month: 1 }, lines, rentHistory, timeZone });
        for (let index = 1; index < rows.length; index += 1) {
          expect(rows[index].openingBalanceCents).toBe(rows[index - 1].closingBalanceCents);
        }
        for (const year of [2022, 2023, 2024, 2025, 2026]) {
          const months = rows.filter((row) => row.year === year);
          const yearly = totalsOfRows(months);
          expect(yearly.receivedCents).toBe(months.reduce((sum, row) => sum + row.receivedCents, 0));
          expect(yearly.rentDueCents).toBe(months.reduce((sum, row) => sum + row.rentDueCents, 0));
          expect(yearly.netCents).toBe(yearly.receivedCents - yearly.processorFeeCents);
        }
        const all = totalsOfRows(rows);
        expect(rows[rows.length - 1].closingBalanceCents).toBe(all.rentDueCents - all.receivedCents);
      }),
    );
  });
});

describe('rentDueFor', () => {
  const history = [
    { rentCents: 150_000, effectiveFrom: '2024-01-05T15:00:00Z' },
    { rentCents: 160_000, effectiveFrom: '2024-04-20T15:00:00Z' },
  ];

  it('uses the rent in effect when the month closes, so a change never rewrites a closed month', () => {
    expect(rentDueFor({ year: 2024, month: 4 }, history, 'America/New_York')).toBe(150_000);
    expect(rentDueFor({ year: 2024, month: 5 }, history, 'America/New_York')).toBe(160_000);
  });

  it('uses the first rent before the property had one', () => {
    expect(rentDueFor({ year: 2023, month: 6 }, history, 'America/New_York')).toBe(150_000);
  });
});

describe('periodInWords', () => {
  it('prints the cut-off period of a month', () => {
    expect(periodInWords({ year: 2025, month: 4 })).toBe('Payments made from 11 March to 10 April count as April.');
  });

  it('names the years when the period crosses one', () => {
    expect(periodInWords({ year: 2025, month: 1 })).toBe('Payments made from 11 December 2024 to 10 January 2025 count as January 2025.');
  });
});

describe('csvCell', () => {
  it.each(['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx'])('escapes %j against formula injection', (text) => {
    expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
  });

  it('quotes commas, quotes and line breaks, and writes amounts as plain decimals', () => {
    expect(csvCell('1 Main St, Springfield')).toBe('"1 Main St, Springfield"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell({ cents: -123_456 })).toBe('-1234.56');
    expect(csvCell({ cents: 5 })).toBe('0.05');
  });
});

describe('statementFileName', () => {
  it('names a file after the period and the address', () => {
    expect(statementFileName('2025', '123 Main St.')).toBe('rentwise-2025-123-main-st');
    expect(statementFileName('2025-04', null)).toBe('rentwise-2025-04-all-properties');
  });
});

describe('statementDownloadName', () => {
  const garden = { propertyId: 'p-1', scopeLabel: '12 Garden Street, Apt 2, Springfield, IL 62704' };
  it('names a monthly file with the zero-padded month and the address up to its first comma', () => {
    expect(statementDownloadName({ ...garden, year: 2025, month: 4 }, 'pdf')).toBe('rentwise-2025-04-12-garden-street.pdf');
  });
  it('names a yearly file for all properties by the year alone', () => {
    expect(statementDownloadName({ year: 2025, month: null, propertyId: null, scopeLabel: 'All properties' }, 'csv')).toBe(
      'rentwise-2025-all-properties.csv',
    );
  });
});

describe('billing month edges in the landlord’s time zone', () => {
  it.each([
    // [instant, zone, expected month key]
    ['2025-04-11T03:59:59Z', 'America/New_York', '2025-04'], // 23:59:59 on April 10th, EDT
    ['2025-04-11T04:00:00Z', 'America/New_York', '2025-05'], // 00:00 on April 11th
    ['2025-04-11T06:59:59Z', 'America/Los_Angeles', '2025-04'],
    ['2025-04-11T07:00:00Z', 'America/Los_Angeles', '2025-05'],
    ['2025-03-11T03:59:59Z', 'America/New_York', '2025-03'], // the day after DST began (March 9th 2025)
    ['2029-03-11T04:59:59Z', 'America/New_York', '2029-03'], // DST begins on the 11th itself at 02:00
    ['2029-03-11T05:00:00Z', 'America/New_York', '2029-04'],
    ['2024-11-11T04:59:59Z', 'America/New_York', '2024-11'], // after DST ended (November 3rd)
    ['2024-12-11T04:59:59Z', 'America/New_York', '2024-12'], // year end: December 10th counts to December
    ['2024-12-11T05:00:00Z', 'America/New_York', '2025-01'], // December 11th counts to January of next year
    ['2024-02-29T12:00:00Z', 'America/New_York', '2024-03'], // leap day counts to March
    ['2024-02-10T12:00:00Z', 'Pacific/Honolulu', '2024-02'],
  ])('counts %s in %s to %s', (instant, timeZone, key) => {
    expect(billingMonthKey(billingMonthOf(new Date(instant), timeZone))).toBe(key);
  });

  it('never moves a payment more than one month from its calendar month', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), fc.constantFrom(...ZONES), (ms, timeZone) => {
        const month = billingMonthOf(new Date(ms), timeZone);
        const utc = new Date(ms);
        const calendar = { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1 };
        const keys = [-1, 0, 1, 2].map((shift) => billingMonthKey(shiftBillingMonth(calendar, shift)));
        expect(keys).toContain(billingMonthKey(month));
      }),
    );
  });
});
