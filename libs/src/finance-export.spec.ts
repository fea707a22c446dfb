import {
  bankDebitStatesByBillingMonth,
  bankDebitStatesInWords,
  FINANCE_CSV_HEADER,
  recordedCentsByBillingMonth,
  financeCsvRow,
  financeCsvRows,
  financeExportExpiresAt,
  financeExportFileName,
  financePdfEntryName,
  progressPercent,
  type FinanceCsvLine,
} from './finance-export';
import { startFinanceExportSchema } from './schemas/finance-export.schema';
import type { StatementLine } from './statements';

const line: FinanceCsvLine = {
  landlordUserId: '1a2b3c4d-0000-4000-8000-000000000001',
  landlordName: 'Lena Landlord',
  landlordEmail: 'lena@example.com',
  timeZone: 'America/New_York',
  propertyId: '0000aaaa-0000-4000-8000-000000000002',
  propertyAddress: '12 Elm St, Springfield, IL 62701',
  year: 2025,
  month: 4,
  rentDueCents: 150_000,
  grossCents: 151_500,
  platformFeeCents: 1_500,
  receivedCents: 150_000,
  processorFeeCents: 4_423,
  netCents: 145_577,
  calendarGrossCents: 0,
  processingCents: 0,
  bankDebits: { processing: 0, settled: 0, failed: 0 },
  lateFeesCents: 0,
  recordedCents: 0,
};

describe('finance export CSV line', () => {
  it('writes many lines as it writes each, escaping a property’s cells once for all its months', () => {
    const other = { ...line, propertyId: '0000bbbb-0000-4000-8000-000000000003', propertyAddress: '=cmd|x' };
    const lines = [line, { ...line, month: 5 }, other, { ...line, month: 6 }];
    expect(financeCsvRows(lines)).toBe(lines.map(financeCsvRow).join(''));
    expect(financeCsvRows([other])).toContain(",'=cmd|x,");
  });

  it('has a cell for every header, amounts as plain decimals', () => {
    const cells = financeCsvRow(line).trimEnd().split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(cells).toHaveLength(FINANCE_CSV_HEADER.length);
    expect(cells.slice(9)).toEqual(['1500.00', '1515.00', '15.00', '1500.00', '44.23', '1455.77', '0.00', '0.00', '', '0.00', '0.00']);
    expect(cells[4]).toBe('"12 Elm St, Springfield, IL 62701"');
    expect(cells[8]).toBe('April 2025');
  });

  it('escapes text that a spreadsheet would run as a formula, in names, emails and addresses', () => {
    const row = financeCsvRow({
      ...line,
      landlordName: '=HYPERLINK("http://evil","x")',
      landlordEmail: '@SUM(A1)',
      propertyAddress: '+1 Main St',
    });
    expect(row.startsWith(`"'=HYPERLINK(""http://evil"",""x"")",'@SUM(A1),`)).toBe(true);
    expect(row).toContain(",'+1 Main St,");
  });

  it('writes a refund month (negative amounts) as numbers, not escaped text', () => {
    expect(financeCsvRow({ ...line, receivedCents: -5_000, netCents: -5_000 })).toContain(',-50.00,44.23,-50.00,');
  });
});

describe('bank debits in the finance export', () => {
  const debitLine = (fields: Partial<StatementLine>): StatementLine => ({
    journalId: 'j',
    kind: 'rent_payment',
    landlordUserId: 'l1',
    propertyId: 'p1',
    tenantUserId: 't1',
    occurredAt: '2025-04-09T15:00:00.000Z',
    countsAt: '2025-04-09T15:00:00.000Z',
    billingYear: 2025,
    billingMonth: 4,
    grossCents: 0,
    platformFeeCents: 0,
    receivedCents: 0,
    processingCents: 0,
    processorFeeCents: 0,
    chargedCents: 0,
    description: 'Rent',
    correctsJournalId: null,
    ...fields,
  });

  it('counts each month’s debits as processing, settled or failed, by the month the tenant paid', () => {
    const lines = [
      debitLine({ journalId: 'a', grossCents: 1000, processingCents: 1000 }),
      debitLine({ journalId: 'b', grossCents: 2000, processingCents: 2000 }),
      debitLine({ journalId: 'c', grossCents: 3000, processingCents: 3000 }),
      debitLine({ journalId: 'b2', kind: 'bank_debit_settled', occurredAt: '2025-04-14T15:00:00.000Z', processingCents: -2000, receivedCents: 1980 }),
      debitLine({ journalId: 'c2', kind: 'bank_debit_failed', occurredAt: '2025-04-14T15:00:00.000Z', processingCents: -3000, grossCents: -3000 }),
      debitLine({ journalId: 'card', billingMonth: 5, grossCents: 5000, receivedCents: 4950 }),
    ];
    const states = bankDebitStatesByBillingMonth(lines);
    expect(states.get('2025-04')).toEqual({ processing: 1, settled: 1, failed: 1 });
    expect(states.has('2025-05')).toBe(false);
  });

  it('names the states a finance clerk reads, leaving out those with none', () => {
    expect(bankDebitStatesInWords({ processing: 1, settled: 2, failed: 1 })).toBe('Processing 1, Settled 2, Failed 1');
    expect(bankDebitStatesInWords({ processing: 0, settled: 3, failed: 0 })).toBe('Settled 3');
    expect(bankDebitStatesInWords({ processing: 0, settled: 0, failed: 0 })).toBe('');
  });

  it('writes processing money and the states after the first columns, quoted when there are several; late fees last', () => {
    const cells = financeCsvRow({ ...line, processingCents: 150_000, bankDebits: { processing: 1, settled: 0, failed: 2 }, lateFeesCents: 7_500 })
      .trimEnd()
      .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(cells.slice(-4, -1)).toEqual(['1500.00', '"Processing 1, Failed 2"', '75.00']);
    expect(FINANCE_CSV_HEADER.slice(-4, -1)).toEqual(['Processing (bank debits not yet settled)', 'Bank debits', 'Late fees (less waived)']);
  });
});

describe('recorded payments in the finance export', () => {
  const recordedLine = (journalId: string, kind: StatementLine['kind'], billingMonth: number, receivedCents: number): StatementLine => ({
    journalId,
    kind,
    landlordUserId: 'l1',
    propertyId: 'p1',
    tenantUserId: 't1',
    occurredAt: '2025-04-05T04:00:00.000Z',
    countsAt: '2025-04-05T04:00:00.000Z',
    billingYear: 2025,
    billingMonth,
    grossCents: receivedCents,
    platformFeeCents: 0,
    receivedCents,
    processingCents: 0,
    processorFeeCents: 0,
    chargedCents: 0,
    description: 'Rent payment: Cash, recorded by landlord',
    correctsJournalId: null,
  });

  it('sums what the landlord recorded less what was voided, by billing month, leaving card money out', () => {
    const recorded = recordedCentsByBillingMonth([
      recordedLine('k1', 'recorded_payment', 4, 150_000),
      recordedLine('k2', 'recorded_payment', 4, 20_000),
      recordedLine('v2', 'recorded_payment_void', 4, -20_000),
      recordedLine('k3', 'recorded_payment', 5, 5_000),
      recordedLine('card', 'rent_payment', 4, 99_301),
    ]);
    expect(Object.fromEntries(recorded)).toEqual({ '2025-04': 150_000, '2025-05': 5_000 });
  });

  it('writes it in the last column, after late fees', () => {
    expect(financeCsvRow({ ...line, recordedCents: 150_000 }).trimEnd().split(',').at(-1)).toBe('1500.00');
    expect(FINANCE_CSV_HEADER.at(-1)).toBe('Recorded by landlord (cash, checks, money orders)');
  });
});

describe('finance export progress and names', () => {
  it('is 0 until the total is known and 100 only when every landlord is done', () => {
    expect(progressPercent(0, null)).toBe(0);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(999, 1000)).toBe(99);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(1, 3)).toBe(33);
  });

  it('keeps a finished file for seven days', () => {
    expect(financeExportExpiresAt(new Date('2025-12-30T10:00:00Z')).toISOString()).toBe('2026-01-06T10:00:00.000Z');
  });

  it('names files by year and landlord, with nothing a path could be made of', () => {
    expect(financeExportFileName(2025, 'zip')).toBe('rentwise-2025-all-landlords.zip');
    expect(financePdfEntryName(2025, { userId: '1a2b3c4d-0000', firstName: 'Jo', lastName: "O'Neil/../x" })).toBe(
      'rentwise-2025-o-neil-x-jo-1a2b3c4d.pdf',
    );
    expect(financePdfEntryName(2025, { userId: '1a2b3c4d-0000', firstName: '', lastName: '' })).toBe('rentwise-2025-landlord-1a2b3c4d.pdf');
  });

  it('accepts a year and a format, and refuses anything else with words the user can act on', () => {
    expect(startFinanceExportSchema.parse({ year: 2025, format: 'csv' })).toEqual({ year: 2025, format: 'csv' });
    expect(startFinanceExportSchema.safeParse({ year: 2025, format: 'xlsx' }).error?.issues[0].message).toBe('Choose CSV or ZIP.');
    expect(startFinanceExportSchema.safeParse({ year: 1999, format: 'csv' }).success).toBe(false);
    expect(startFinanceExportSchema.safeParse({ year: 2025, format: 'csv', extra: 1 }).success).toBe(false);
  });
});
