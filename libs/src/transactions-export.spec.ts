import { recordedPaymentDescription } from './recorded-payments';
import type { StatementLine } from './statements';
import {
  NO_SETTLEMENT,
  receiptIdOf,
  settledAtOf,
  TRANSACTIONS_CSV_HEADER,
  transactionCsvRow,
  transactionKindWords,
  transactionsFileName,
  transactionsPeriodOf,
  transactionsWindow,
} from './transactions-export';

const NEW_YORK = 'America/New_York';

const line = (more: Partial<StatementLine> = {}): StatementLine => ({
  journalId: 'j-1',
  kind: 'rent_payment',
  landlordUserId: 'l-1',
  propertyId: 'p-1',
  tenantUserId: 't-1',
  // 9:30 pm on March 10th in New York: still March's billing month, and the 10th on the landlord's calendar.
  occurredAt: '2025-03-11T01:30:00.000Z',
  countsAt: '2025-03-11T01:30:00.000Z',
  billingYear: 2025,
  billingMonth: 3,
  grossCents: 150_699,
  platformFeeCents: 699,
  receivedCents: 150_000,
  processingCents: 0,
  processorFeeCents: 4_400,
  chargedCents: 0,
  description: 'Rent payment',
  correctsJournalId: null,
  ...more,
});

/** A bank payment sent on March 5th: in clearing until the bank answers. */
const bankPayment = line({ processingCents: 150_000, receivedCents: 0, platformFeeCents: 0, processorFeeCents: 0, grossCents: 150_000 });
const cells = (row: string): string[] => row.trimEnd().split(',');

describe('the kind of a transaction in words', () => {
  it('tells a card payment from a bank payment, and names the bank’s answers', () => {
    expect(transactionKindWords(line())).toBe('Rent payment');
    expect(transactionKindWords(bankPayment)).toBe('Bank payment');
    expect(transactionKindWords(line({ kind: 'bank_debit_settled' }))).toBe('Bank payment settled');
    expect(transactionKindWords(line({ kind: 'bank_debit_failed' }))).toBe('Bank payment failed');
  });

  it('names a recorded payment by how it was paid', () => {
    expect(transactionKindWords(line({ kind: 'recorded_payment', description: recordedPaymentDescription('check', '123') }))).toBe('Recorded payment (Check #123)');
    expect(transactionKindWords(line({ kind: 'recorded_payment', description: recordedPaymentDescription('cash', null) }))).toBe('Recorded payment (Cash)');
    expect(transactionKindWords(line({ kind: 'recorded_payment', description: 'Imported' }))).toBe('Recorded payment');
    expect(transactionKindWords(line({ kind: 'recorded_payment_void' }))).toBe('Recorded payment voided');
  });

  it('calls a dispute about a bank payment a return', () => {
    expect(transactionKindWords(line({ kind: 'dispute' }), 'card')).toBe('Dispute');
    expect(transactionKindWords(line({ kind: 'dispute_won' }), 'card')).toBe('Dispute won');
    expect(transactionKindWords(line({ kind: 'dispute_lost' }), 'card')).toBe('Dispute lost');
    expect(transactionKindWords(line({ kind: 'dispute' }), 'bank_debit')).toBe('Return');
    expect(transactionKindWords(line({ kind: 'dispute_lost' }), 'bank_debit')).toBe('Return final');
  });

  it('names refunds and charges', () => {
    expect(transactionKindWords(line({ kind: 'refund' }))).toBe('Refund');
    expect(transactionKindWords(line({ kind: 'correction' }))).toBe('Refund failed');
    expect(transactionKindWords(line({ kind: 'rent_charge' }))).toBe('Rent charge');
    expect(transactionKindWords(line({ kind: 'rent_credit' }))).toBe('Rent credit');
    expect(transactionKindWords(line({ kind: 'late_fee' }))).toBe('Late fee');
    expect(transactionKindWords(line({ kind: 'late_fee_waiver' }))).toBe('Late fee waived');
  });
});

describe('when a transaction settled', () => {
  it('is a card payment’s own time, a bank payment’s settlement, and nothing for what moved no money', () => {
    expect(settledAtOf(line(), NO_SETTLEMENT)).toBe('2025-03-11T01:30:00.000Z');
    expect(settledAtOf(bankPayment, NO_SETTLEMENT)).toBeNull();
    expect(settledAtOf(bankPayment, { ...NO_SETTLEMENT, method: 'bank_debit', bankSettledAt: '2025-03-15T12:00:00.000Z' })).toBe('2025-03-15T12:00:00.000Z');
    expect(settledAtOf(line({ kind: 'bank_debit_settled', occurredAt: '2025-03-15T12:00:00.000Z' }), NO_SETTLEMENT)).toBe('2025-03-15T12:00:00.000Z');
    for (const kind of ['bank_debit_failed', 'recorded_payment_void', 'rent_charge', 'late_fee', 'late_fee_waiver'] as const) {
      expect(settledAtOf(line({ kind }), NO_SETTLEMENT)).toBeNull();
    }
  });
});

describe('the receipt of a transaction', () => {
  it('is the payment’s own, or the payment a correction names; charges have none', () => {
    expect(receiptIdOf(line())).toBe('j-1');
    expect(receiptIdOf(line({ kind: 'recorded_payment' }))).toBe('j-1');
    expect(receiptIdOf(line({ kind: 'refund', journalId: 'j-2', correctsJournalId: 'j-1' }))).toBe('j-1');
    expect(receiptIdOf(line({ kind: 'late_fee_waiver', journalId: 'j-3', correctsJournalId: 'j-9' }))).toBeNull();
  });
});

describe('a transactions CSV line', () => {
  const context = { timeZone: NEW_YORK, tenantName: 'Sam Rivera', propertyAddress: '123 Main St Apt 2', settlement: NO_SETTLEMENT };

  it('has a cell per column: days on the landlord’s calendar, dollars from cents, net as the statements count it', () => {
    const row = transactionCsvRow(line(), {
      ...context,
      settlement: { method: 'card', bankSettledAt: null, deposit: { payoutId: 'po_1', arrivedAt: '2025-03-13T04:00:00.000Z' } },
    });
    expect(row.endsWith('\r\n')).toBe(true);
    expect(cells(row)).toHaveLength(TRANSACTIONS_CSV_HEADER.length);
    expect(cells(row)).toEqual([
      '2025-03-10', '2025-03-10', '2025-03', 'Sam Rivera', '123 Main St Apt 2', 'Rent payment',
      '0.00', '1506.99', '6.99', '44.00', '0.00', '1456.00', 'po_1', '2025-03-13', 'j-1',
    ]);
  });

  it('writes money going back as negative amounts and dates a bank payment’s answer on the day it was paid', () => {
    const refund = transactionCsvRow(
      line({ kind: 'refund', grossCents: -20_000, platformFeeCents: 0, receivedCents: -20_000, processorFeeCents: 0, correctsJournalId: 'j-0', journalId: 'j-5' }),
      context,
    );
    expect(cells(refund).slice(5, 12)).toEqual(['Refund', '0.00', '-200.00', '0.00', '0.00', '0.00', '-200.00']);
    const failed = transactionCsvRow(
      line({ kind: 'bank_debit_failed', occurredAt: '2025-03-20T12:00:00.000Z', countsAt: '2025-03-05T15:00:00.000Z', processingCents: -150_000, grossCents: -150_000, receivedCents: 0, platformFeeCents: 0, processorFeeCents: 0, correctsJournalId: 'j-0' }),
      context,
    );
    expect(cells(failed)[0]).toBe('2025-03-05');
    expect(cells(failed)[1]).toBe('');
  });

  it('keeps a spreadsheet from reading a name as a formula', () => {
    const row = transactionCsvRow(line(), { ...context, tenantName: '=cmd|/c calc', propertyAddress: '@SUM(A1)' });
    expect(row).toContain(",'=cmd|/c calc,");
    expect(row).toContain("'@SUM(A1)");
  });
});

describe('the period of a transactions export', () => {
  it('is a calendar year, or the days given, on the landlord’s calendar', () => {
    expect(transactionsPeriodOf({ year: 2025 })).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(transactionsPeriodOf({ from: '2025-02-01', to: '2025-02-28' })).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(transactionsWindow({ from: '2025-01-01', to: '2025-12-31' }, NEW_YORK)).toEqual({
      from: new Date('2025-01-01T05:00:00.000Z'),
      before: new Date('2026-01-01T05:00:00.000Z'),
    });
    // The last day of February runs to March 1st's midnight, in summer time or not.
    expect(transactionsWindow({ from: '2025-03-01', to: '2025-03-31' }, NEW_YORK).before).toEqual(new Date('2025-04-01T04:00:00.000Z'));
  });

  it('names the file for a year or for its days', () => {
    expect(transactionsFileName({ from: '2025-01-01', to: '2025-12-31' })).toBe('rentwise-transactions-2025.csv');
    expect(transactionsFileName({ from: '2025-01-01', to: '2025-03-31' })).toBe('rentwise-transactions-2025-01-01-to-2025-03-31.csv');
  });
});
