import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { billingMonthKey, billingMonthOf, shiftBillingMonth } from './billing-month';
import { landlordReceivesCents } from './fees';
import {
  calendarMonthTotals,
  csvCell,
  csvRow,
  monthRows,
  periodInWords,
  projectLines,
  type MonthRow,
  type StatementJournal,
  type StatementLine,
  statementDownloadName,
  statementFileName,
  statementLineOf,
  totalsByBillingMonth,
  totalsOfLines,
  totalsOfRows,
  yearPeriodInWords,
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
    countsAt: new Date(atMs).toISOString(),
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
    countsAt: new Date(atMs).toISOString(),
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

/** A charge journal (decision 0039): rent or a late fee into the tenant's receivable, or some of it back. */
function chargeJournal(journalId: string, kind: 'rent_charge' | 'rent_credit' | 'late_fee' | 'late_fee_waiver', atMs: number, cents: number): StatementJournal {
  const owed = kind === 'rent_charge' || kind === 'late_fee' ? cents : -cents;
  const against = kind === 'rent_charge' || kind === 'rent_credit' ? 'rent_charged' : 'late_fees_charged';
  return {
    journalId,
    kind,
    occurredAt: new Date(atMs).toISOString(),
    countsAt: new Date(atMs).toISOString(),
    landlordUserId: 'l1',
    propertyId: 'p1',
    tenantUserId: 't1',
    description: kind,
    correctsJournalId: null,
    entries: [
      { account: 'tenant_receivable', amountCents: owed },
      { account: against, amountCents: -owed },
    ],
    processorFeeCents: null,
  };
}

/** Any charges: rents, credits, late fees and waivers at any time. */
const chargesArbitrary = fc
  .array(
    fc.record({
      kind: fc.constantFrom('rent_charge' as const, 'rent_credit' as const, 'late_fee' as const, 'late_fee_waiver' as const),
      atMs: fc.integer({ min: FROM, max: TO }),
      cents: fc.integer({ min: 1, max: 9_999_900 }),
    }),
    { maxLength: 30 },
  )
  .map((steps) => steps.map((step, index) => chargeJournal(`c${index}`, step.kind, step.atMs, step.cents)));

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
      fc.property(ledgerArbitrary, chargesArbitrary, fc.constantFrom(...ZONES), (payments, charges, timeZone) => {
        const journals = [...payments, ...charges];
        const lines = [...projectLines(new Map(), journals, () => timeZone).values()];
        const rows = monthRows({ from: { year: 2022, month: 1 }, through: { year: 2027, month: 1 }, lines });
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
        expect(rows[rows.length - 1].closingBalanceCents).toBe(all.rentDueCents + all.lateFeesCents - all.receivedCents);
        // Rent due and late fees add up to what the ledger charged, kind by kind.
        const charged = (kinds: string[]) =>
          charges.filter((journal) => kinds.includes(journal.kind)).reduce((sum, journal) => sum + journal.entries[0].amountCents, 0);
        expect(all.rentDueCents).toBe(charged(['rent_charge', 'rent_credit']));
        expect(all.lateFeesCents).toBe(charged(['late_fee', 'late_fee_waiver']));
      }),
    );
  });
});

describe('disputes in statements', () => {
  const zone = 'America/New_York';
  const payment = paymentJournal('p', 'l1', Date.UTC(2024, 2, 5, 15), 150_699);
  const landlordShare = payment.entries.find((entry) => entry.account === 'landlord_payable')!.amountCents;
  const disputeJournal = (journalId: string, kind: StatementJournal['kind'], atMs: number, entries: StatementJournal['entries']): StatementJournal => ({
    ...payment,
    journalId,
    kind,
    occurredAt: new Date(atMs).toISOString(),
    countsAt: new Date(atMs).toISOString(),
    correctsJournalId: payment.journalId,
    entries,
    processorFeeCents: null,
  });
  // As the ledger posts them (server provider-postings): withdrawn with the $15 fee, then lost or won.
  const opened = disputeJournal('d1', 'dispute', Date.UTC(2024, 3, 2, 15), [
    { account: 'landlord_payable', amountCents: -(150_699 + 1500) },
    { account: 'disputed', amountCents: 150_699 },
    { account: 'dispute_fees', amountCents: 1500 },
  ]);
  const lost = disputeJournal('d2', 'dispute_lost', Date.UTC(2024, 4, 20, 15), [
    { account: 'disputed', amountCents: -150_699 },
    { account: 'tenant_card', amountCents: 150_699 },
  ]);
  const won = disputeJournal('d3', 'dispute_won', Date.UTC(2024, 4, 20, 15), [
    { account: 'disputed', amountCents: -150_699 },
    { account: 'landlord_payable', amountCents: 150_699 },
  ]);
  const line = (journal: StatementJournal) => statementLineOf(journal, zone);

  it('shows the dispute fee as a fee in the month the funds were withdrawn, and leaves received alone while it is open', () => {
    expect(line(opened)).toMatchObject({ billingYear: 2024, billingMonth: 4, grossCents: 0, receivedCents: 0, processorFeeCents: 1500 });
  });

  it('lowers received in the month a dispute is lost, like a refund', () => {
    // May 20th is after the 10th: the loss counts to June.
    expect(line(lost)).toMatchObject({ billingYear: 2024, billingMonth: 6, grossCents: -150_699, receivedCents: -150_699, processorFeeCents: 0 });
    const totals = totalsOfLines([line(payment), line(opened), line(lost)]);
    expect(totals).toMatchObject({ receivedCents: landlordShare - 150_699, processorFeeCents: payment.processorFeeCents! + 1500, payments: 1 });
  });

  it('changes nothing but the fee when a dispute is won', () => {
    expect(line(won)).toMatchObject({ grossCents: 0, receivedCents: 0, processorFeeCents: 0 });
    expect(totalsOfLines([line(payment), line(opened), line(won)]).receivedCents).toBe(landlordShare);
  });
});

/** A $1,000 rent payment on 5 March 2025: $10 platform fee, $990 to the landlord, a $29.30 processor fee. */
const marchRent: StatementJournal = {
  journalId: 'j-march',
  kind: 'rent_payment',
  occurredAt: '2025-03-05T15:00:00.000Z',
  countsAt: '2025-03-05T15:00:00.000Z',
  landlordUserId: 'l1',
  propertyId: 'p1',
  tenantUserId: 't1',
  description: 'Rent: March 2025',
  correctsJournalId: null,
  entries: [
    { account: 'tenant_card', amountCents: -100_000 },
    { account: 'landlord_payable', amountCents: 99_000 },
    { account: 'processing_fees', amountCents: 1_000 },
  ],
  processorFeeCents: 2_930,
};

/** A statement line with only what a test is about filled in. */
function line(fields: Partial<StatementLine>): StatementLine {
  const occurredAt = fields.occurredAt ?? '2025-03-05T15:00:00.000Z';
  return {
    journalId: 'j',
    kind: 'rent_payment',
    landlordUserId: 'l1',
    propertyId: 'p1',
    tenantUserId: 't1',
    occurredAt,
    countsAt: occurredAt,
    billingYear: 2025,
    billingMonth: 3,
    grossCents: 0,
    platformFeeCents: 0,
    receivedCents: 0,
    processingCents: 0,
    processorFeeCents: 0,
    chargedCents: 0,
    description: 'Rent',
    correctsJournalId: null,
    ...fields,
  };
}

describe('a statement line', () => {
  it('shows what the card was charged, our fee, what the landlord received and the processor’s fee of a payment', () => {
    expect(statementLineOf(marchRent, 'America/New_York')).toMatchObject({
      billingYear: 2025,
      billingMonth: 3,
      grossCents: 100_000,
      platformFeeCents: 1_000,
      receivedCents: 99_000,
      processorFeeCents: 2_930,
    });
  });

  it('shows a refund as money going back, without giving back the processor’s fee', () => {
    const refund = refundJournal('r-march', { ...marchRent }, Date.UTC(2025, 2, 8));
    expect(statementLineOf({ ...refund, processorFeeCents: 2_930 }, 'America/New_York')).toMatchObject({
      kind: 'refund',
      grossCents: -100_000,
      platformFeeCents: -1_000,
      receivedCents: -99_000,
      processorFeeCents: 0,
      correctsJournalId: 'j-march',
    });
  });

  it('shows no processor fee on a correction', () => {
    expect(statementLineOf({ ...marchRent, kind: 'correction' }, 'America/New_York').processorFeeCents).toBe(0);
  });

  it('shows a processor fee not yet known as zero', () => {
    expect(statementLineOf({ ...marchRent, processorFeeCents: null }, 'America/New_York').processorFeeCents).toBe(0);
  });

  it('keeps a line in the month it was first counted to when the landlord’s time zone changes later', () => {
    // 01:00 on 11 April in New York (May) is still 22:00 on 10 April in Los Angeles (April).
    const late = { ...marchRent, occurredAt: '2025-04-11T05:00:00.000Z', countsAt: '2025-04-11T05:00:00.000Z' };
    const counted = projectLines(new Map(), [late], () => 'America/Los_Angeles');
    const again = projectLines(counted, [late], () => 'America/New_York');
    expect(again.get(late.journalId)).toMatchObject({ billingYear: 2025, billingMonth: 4 });
  });
});

describe('totals of lines', () => {
  it('adds up every amount, counts payments but not refunds, and nets the processor’s fee off what was received', () => {
    const lines = [
      line({ grossCents: 100_000, platformFeeCents: 1_000, receivedCents: 99_000, processorFeeCents: 2_930 }),
      line({ grossCents: 50_000, platformFeeCents: 500, receivedCents: 49_500, processorFeeCents: 1_480 }),
      line({ kind: 'refund', grossCents: -50_000, platformFeeCents: -500, receivedCents: -49_500 }),
    ];
    expect(totalsOfLines(lines)).toEqual({
      grossCents: 100_000,
      platformFeeCents: 1_000,
      receivedCents: 99_000,
      processingCents: 0,
      processorFeeCents: 4_410,
      netCents: 99_000 - 4_410,
      payments: 2,
    });
  });

  it('counts a correction as no payment', () => {
    expect(totalsOfLines([line({ kind: 'correction', receivedCents: 100 })]).payments).toBe(0);
  });
});

describe('bank debits in statements', () => {
  const zone = 'America/New_York';
  const chargedCents = 150_000;
  // Paid on 9 April 2025 (April), the bank answers on the 14th (after the cut-off).
  const paidAt = Date.UTC(2025, 3, 9, 15);
  const answeredAt = Date.UTC(2025, 3, 14, 15);
  const sent: StatementJournal = {
    ...paymentJournal('bd', 'l1', paidAt, chargedCents),
    entries: [
      { account: 'tenant_card', amountCents: -chargedCents },
      { account: 'bank_debit_clearing', amountCents: chargedCents },
    ],
    // Known only once the bank settles: the feed gives it with the settlement.
    processorFeeCents: null,
  };
  const share = landlordReceivesCents(chargedCents, Math.floor(paidAt / 1000));
  const outcome = (journalId: string, kind: 'bank_debit_settled' | 'bank_debit_failed', entries: StatementJournal['entries']): StatementJournal => ({
    ...sent,
    journalId,
    kind,
    occurredAt: new Date(answeredAt).toISOString(),
    countsAt: sent.occurredAt,
    correctsJournalId: sent.journalId,
    entries,
    processorFeeCents: null,
  });
  const settled = {
    ...outcome('bd-settled', 'bank_debit_settled', [
      { account: 'bank_debit_clearing', amountCents: -chargedCents },
      { account: 'landlord_payable', amountCents: share },
      { account: 'processing_fees', amountCents: chargedCents - share },
    ]),
    processorFeeCents: 500,
  };
  const failed = outcome('bd-failed', 'bank_debit_failed', [
    { account: 'bank_debit_clearing', amountCents: -chargedCents },
    { account: 'tenant_card', amountCents: chargedCents },
  ]);
  const lineOf = (journal: StatementJournal) => statementLineOf(journal, zone);
  const rent = (month: number) => chargeJournal(`rent-${month}`, 'rent_charge', Date.UTC(2025, month - 1, 1, 5), chargedCents);
  const april = (journals: StatementJournal[]) =>
    monthRows({ from: { year: 2025, month: 4 }, through: { year: 2025, month: 5 }, lines: [rent(4), rent(5), ...journals].map(lineOf) });

  it('counts a processing debit in gross and processing, not in received, and owes nothing more for it', () => {
    expect(lineOf(sent)).toMatchObject({ billingMonth: 4, grossCents: chargedCents, processingCents: chargedCents, receivedCents: 0, platformFeeCents: 0 });
    const [row] = april([sent]);
    expect(row).toMatchObject({ payments: 1, receivedCents: 0, processingCents: chargedCents, fullAmountReceived: false, stillDueCents: 0, closingBalanceCents: 0 });
  });

  it('counts a settlement on the 14th to the month the tenant paid on the 9th, moving processing to received and the platform fee', () => {
    expect(lineOf(settled)).toMatchObject({
      billingYear: 2025,
      billingMonth: 4,
      occurredAt: settled.occurredAt,
      countsAt: sent.occurredAt,
      grossCents: 0,
      processingCents: -chargedCents,
      receivedCents: share,
      platformFeeCents: chargedCents - share,
      processorFeeCents: 500,
    });
    const [row, may] = april([sent, settled]);
    expect(row).toMatchObject({ payments: 1, grossCents: chargedCents, processingCents: 0, receivedCents: share, fullAmountReceived: share >= chargedCents });
    expect(may).toMatchObject({ payments: 0, grossCents: 0, receivedCents: 0 });
  });

  it('takes a failed debit out of gross and processing in the month it was paid, leaving no payment and the rent still due', () => {
    expect(lineOf(failed)).toMatchObject({ billingMonth: 4, grossCents: -chargedCents, processingCents: -chargedCents, receivedCents: 0 });
    const [row] = april([sent, failed]);
    expect(row).toMatchObject({ payments: 0, grossCents: 0, processingCents: 0, receivedCents: 0, stillDueCents: chargedCents, closingBalanceCents: chargedCents });
  });

  it('counts an answer in the calendar month the tenant paid', () => {
    const lastDay = { ...sent, occurredAt: '2025-12-31T15:00:00.000Z', countsAt: '2025-12-31T15:00:00.000Z' };
    const nextYear = { ...failed, occurredAt: '2026-01-05T15:00:00.000Z', countsAt: lastDay.occurredAt };
    const months = calendarMonthTotals([lineOf(lastDay), lineOf(nextYear)], 2025, zone);
    expect(months[11]).toMatchObject({ grossCents: 0, processingCents: 0, payments: 0 });
    expect(calendarMonthTotals([lineOf(nextYear)], 2026, zone).every((month) => month.grossCents === 0)).toBe(true);
  });

  it('keeps gross equal to platform fee, received and processing, and a month’s payments to the debits not failed, whatever the answers', () => {
    const debits = fc.array(
      fc.record({
        atMs: fc.integer({ min: FROM, max: TO }),
        answerAfterMs: fc.integer({ min: 0, max: 10 * 86_400_000 }),
        chargedCents: fc.integer({ min: 1, max: 500_000 }),
        answer: fc.constantFrom('none', 'settled', 'failed'),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(debits, fc.constantFrom(...ZONES), (steps, timeZone) => {
        const journals: StatementJournal[] = [];
        const expectedPayments = new Map<string, number>();
        steps.forEach((step, index) => {
          const at = new Date(step.atMs).toISOString();
          const debit: StatementJournal = {
            ...paymentJournal(`b${index}`, 'l1', step.atMs, step.chargedCents),
            entries: [
              { account: 'tenant_card', amountCents: -step.chargedCents },
              { account: 'bank_debit_clearing', amountCents: step.chargedCents },
            ],
          };
          journals.push(debit);
          const key = billingMonthKey(billingMonthOf(new Date(at), timeZone));
          if (step.answer !== 'failed') expectedPayments.set(key, (expectedPayments.get(key) ?? 0) + 1);
          if (step.answer === 'none') return;
          const fee = step.chargedCents - landlordReceivesCents(step.chargedCents, Math.floor(step.atMs / 1000));
          journals.push({
            ...debit,
            journalId: `a${index}`,
            kind: step.answer === 'settled' ? 'bank_debit_settled' : 'bank_debit_failed',
            occurredAt: new Date(step.atMs + step.answerAfterMs).toISOString(),
            countsAt: at,
            correctsJournalId: debit.journalId,
            processorFeeCents: null,
            entries:
              step.answer === 'settled'
                ? [
                    { account: 'bank_debit_clearing', amountCents: -step.chargedCents },
                    { account: 'landlord_payable', amountCents: step.chargedCents - fee },
                    { account: 'processing_fees', amountCents: fee },
                  ]
                : [
                    { account: 'bank_debit_clearing', amountCents: -step.chargedCents },
                    { account: 'tenant_card', amountCents: step.chargedCents },
                  ],
          });
        });
        const lines = [...projectLines(new Map(), journals, () => timeZone).values()];
        for (const one of lines) expect(one.grossCents).toBe(one.platformFeeCents + one.receivedCents + one.processingCents);
        const totals = totalsByBillingMonth(lines);
        for (const [key, month] of totals) {
          expect(month.payments).toBe(expectedPayments.get(key) ?? 0);
          expect(month.processingCents).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe('calendarMonthTotals', () => {
  const lines = [
    // 22:00 on 31 December 2024 in New York: the tax year 2024, though it is 2025 in UTC.
    line({ journalId: 'a', occurredAt: '2025-01-01T03:00:00.000Z', receivedCents: 1_000 }),
    line({ journalId: 'b', occurredAt: '2025-01-10T15:00:00.000Z', receivedCents: 2_000 }),
    line({ journalId: 'c', occurredAt: '2025-01-20T15:00:00.000Z', receivedCents: 3_000 }),
    line({ journalId: 'd', occurredAt: '2025-12-31T15:00:00.000Z', receivedCents: 4_000 }),
  ];

  it('totals a year’s payments by the calendar month of their date in the landlord’s time zone', () => {
    const months = calendarMonthTotals(lines, 2025, 'America/New_York');
    expect(months.map((month) => month.receivedCents)).toEqual([5_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4_000]);
    expect(months[0].payments).toBe(2);
  });

  it('leaves out payments dated in another year', () => {
    const months = calendarMonthTotals(lines, 2024, 'America/New_York');
    expect(months.map((month) => month.receivedCents)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1_000]);
  });
});

describe('monthRows', () => {
  const received = (month: number, receivedCents: number) =>
    line({ journalId: `j${month}`, billingMonth: month, grossCents: receivedCents, receivedCents });
  const charged = (month: number, kind: StatementLine['kind'], chargedCents: number) =>
    line({ journalId: `${kind}-${month}`, kind, billingMonth: month, chargedCents });
  const rents = [3, 4, 5].map((month) => charged(month, 'rent_charge', 100_000));
  const rows = (lines: StatementLine[], charges: StatementLine[] = rents) =>
    monthRows({ from: { year: 2025, month: 3 }, through: { year: 2025, month: 5 }, lines: [...charges, ...lines] });

  it('runs from the first month through the last, both included', () => {
    expect(rows([]).map((row) => row.month)).toEqual([3, 4, 5]);
  });

  it('says the full amount was received when exactly the rent or more came in, and what is still due otherwise', () => {
    const [exact, short, over] = rows([received(3, 100_000), received(4, 60_000), received(5, 120_000)]);
    expect(exact).toMatchObject({ fullAmountReceived: true, stillDueCents: 0, closingBalanceCents: 0 });
    expect(short).toMatchObject({ fullAmountReceived: false, stillDueCents: 40_000, closingBalanceCents: 40_000 });
    // Paying ahead settles the balance carried in, but never makes a month's own rent negative.
    expect(over).toMatchObject({ fullAmountReceived: true, stillDueCents: 0, openingBalanceCents: 40_000, closingBalanceCents: 20_000 });
  });

  it('calls only a charged month full: money paid ahead of its charge, or a month nobody was charged, is what came in', () => {
    const [march, april] = rows([received(4, 150_000)], [charged(5, 'rent_charge', 100_000)]);
    expect(march).toMatchObject({ rentDueCents: 0, receivedCents: 0, fullAmountReceived: false, stillDueCents: 0 });
    expect(april).toMatchObject({ rentDueCents: 0, receivedCents: 150_000, fullAmountReceived: false, stillDueCents: 0 });
    const [, processing] = rows([line({ journalId: 'sent', billingMonth: 4, grossCents: 150_000, processingCents: 150_000 })], []);
    expect(processing).toMatchObject({ rentDueCents: 0, processingCents: 150_000, fullAmountReceived: false });
  });

  it('asks the rent the month was charged: none for a month nobody was charged, less a move-out credit', () => {
    const dueByMonth = rows([], [charged(3, 'rent_charge', 100_000), charged(5, 'rent_charge', 100_000), charged(5, 'rent_credit', -40_000)]).map((row) => row.rentDueCents);
    expect(dueByMonth).toEqual([100_000, 0, 60_000]);
  });

  it('adds late fees, less waivers, to what is still due and to the balance, but not to the rent', () => {
    const [march] = rows([received(3, 100_000)], [...rents, charged(3, 'late_fee', 5_000), charged(3, 'late_fee_waiver', -2_000)]);
    expect(march).toMatchObject({ rentDueCents: 100_000, lateFeesCents: 3_000, fullAmountReceived: true, stillDueCents: 3_000, closingBalanceCents: 3_000 });
  });
});

describe('totalsOfRows', () => {
  it('adds up every amount, the payments and the rent due of the months', () => {
    const march = { grossCents: 100_000, platformFeeCents: 1_000, receivedCents: 99_000, processingCents: 0, processorFeeCents: 30, netCents: 98_970 };
    const april = { grossCents: 70_000, platformFeeCents: 500, receivedCents: 49_500, processingCents: 20_000, processorFeeCents: 30, netCents: 49_470 };
    const rows = [
      { ...march, payments: 1, rentDueCents: 100_000, lateFeesCents: 5_000 },
      { ...april, payments: 2, rentDueCents: 100_000, lateFeesCents: 0 },
    ] as MonthRow[];
    expect(totalsOfRows(rows)).toEqual({
      grossCents: 170_000,
      platformFeeCents: 1_500,
      receivedCents: 148_500,
      processingCents: 20_000,
      processorFeeCents: 60,
      netCents: 148_440,
      payments: 3,
      rentDueCents: 200_000,
      lateFeesCents: 5_000,
    });
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

describe('yearPeriodInWords', () => {
  it('prints the cut-off period of a year', () => {
    expect(yearPeriodInWords(2025)).toBe(
      'Payments made from 11 December 2024 to 10 December 2025 count as 2025; later ones count to the next year.',
    );
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

  it('writes numbers as numbers, negative ones too', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(2025)).toBe('2025');
  });

  it('leaves text alone that only has a sign in the middle', () => {
    expect(csvCell('12-B Main St')).toBe('12-B Main St');
  });

  it.each([
    ["77 Harbor;=cmd|' /C calc'!A0", "77 Harbor;'=cmd|' /C calc'!A0"],
    ['Sam;=1+1', "Sam;'=1+1"],
    ['Apt 2; @SUM(A1)', "Apt 2; '@SUM(A1)"],
    ['x|+1', "x|'+1"],
    ['  =1', "  '=1"],
  ])('escapes a formula after a separator a spreadsheet may split on: %j', (text, escaped) => {
    expect(csvCell(text)).toBe(escaped);
  });

  it('escapes a formula after a comma or tab inside a quoted cell, for spreadsheets that split on another separator', () => {
    expect(csvCell('1 Main St,=1+1')).toBe(`"1 Main St,'=1+1"`);
    expect(csvCell('Unit 3\t-2')).toBe("Unit 3\t'-2");
  });

  describe('read back by a CSV parser splitting on a comma or a semicolon', () => {
    const hostile = ["77 Harbor;=cmd|' /C calc'!A0", 'Lee;=HYPERLINK("http://x")', '=1+1', 'a,@b', 'x\t+1', 'ok; -3', 'c|=d'];
    const line = csvRow(['Total', ...hostile, { cents: -123_456 }, 2025]);
    const startsFormula = (cell: string) => /^[ \t]*[=+\-@]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell.trim());

    it.each([',', ';', '\t', '|'])('gives no cell that starts a formula when split on %j', (delimiter) => {
      const rows: string[][] = parse(line, { delimiter, relax_quotes: true, relax_column_count: true });
      expect(rows.flat().filter(startsFormula)).toEqual([]);
    });

    it('reads every value back whole, apostrophes aside, with the comma', () => {
      const [cells] = parse(line, { delimiter: ',' }) as string[][];
      expect(cells.slice(1, -2).map((cell) => cell.replaceAll("'", ''))).toEqual(hostile.map((text) => text.replaceAll("'", '')));
      expect(cells.slice(-2)).toEqual(['-1234.56', '2025']);
    });
  });
});

describe('statementFileName', () => {
  it('names a file after the period and the address', () => {
    expect(statementFileName('2025', '123 Main St.')).toBe('rentwise-2025-123-main-st');
    expect(statementFileName('2025-04', null)).toBe('rentwise-2025-04-all-properties');
  });

  it('makes one hyphen of every run of spaces and punctuation, and none at the ends', () => {
    expect(statementFileName('2025', '  #12 --  Garden St.,  Apt 2!')).toBe('rentwise-2025-12-garden-st-apt-2');
  });

  it('keeps at most 60 characters of the address, never ending on a hyphen', () => {
    const long = `${'a'.repeat(59)} ${'b'.repeat(40)}`;
    expect(statementFileName('2025', long)).toBe(`rentwise-2025-${'a'.repeat(59)}`);
    expect(statementFileName('2025', 'c'.repeat(100))).toBe(`rentwise-2025-${'c'.repeat(60)}`);
  });

  it('names the property generically when its address has no letters or digits', () => {
    expect(statementFileName('2025', '—')).toBe('rentwise-2025-property');
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
