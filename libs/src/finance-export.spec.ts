import {
  FINANCE_CSV_HEADER,
  financeCsvRow,
  financeExportExpiresAt,
  financeExportFileName,
  financePdfEntryName,
  progressPercent,
  type FinanceCsvLine,
} from './finance-export';
import { startFinanceExportSchema } from './schemas/finance-export.schema';

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
};

describe('finance export CSV line', () => {
  it('has a cell for every header, amounts as plain decimals', () => {
    const cells = financeCsvRow(line).trimEnd().split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(cells).toHaveLength(FINANCE_CSV_HEADER.length);
    expect(cells.slice(9)).toEqual(['1500.00', '1515.00', '15.00', '1500.00', '44.23', '1455.77', '0.00']);
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
