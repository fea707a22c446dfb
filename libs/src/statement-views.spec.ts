import { calendarFigures, statementFigures, statementShowsLateFees, type Statement, type StatementRow } from './statement-views';

const row = (fields: Partial<StatementRow> = {}): StatementRow => ({
  label: 'April 2025',
  rentDueCents: 150_000,
  lateFeesCents: 0,
  grossCents: 150_699,
  platformFeeCents: 699,
  receivedCents: 150_000,
  processingCents: 0,
  processorFeeCents: 4_400,
  netCents: 145_600,
  stillDueCents: 0,
  ...fields,
});

const statement = (rows: StatementRow[]): Pick<Statement, 'rows' | 'totals' | 'payments'> => ({
  rows,
  totals: rows.reduce((total, each) => ({ ...total, lateFeesCents: total.lateFeesCents + each.lateFeesCents, processingCents: total.processingCents + each.processingCents }), row({ label: 'Total', lateFeesCents: 0 })),
  payments: [],
});

describe('a statement’s figure columns', () => {
  it('leave out Processing and Late fees when no month has any', () => {
    expect(statementFigures(statement([row()])).map((figure) => figure.title)).toEqual([
      'Rent due',
      'Paid by tenants',
      'Platform fee',
      'Received',
      'Processor fee',
      'Net deposited',
      'Still due',
    ]);
  });

  it('show Late fees after Rent due when a month was charged one, and Processing after Received for a bank debit in flight', () => {
    const withBoth = statement([row(), row({ label: 'May 2025', lateFeesCents: 5_000, processingCents: 150_000 })]);
    expect(statementShowsLateFees(withBoth)).toBe(true);
    expect(statementFigures(withBoth).map((figure) => figure.key)).toEqual([
      'rentDueCents',
      'lateFeesCents',
      'grossCents',
      'platformFeeCents',
      'receivedCents',
      'processingCents',
      'processorFeeCents',
      'netCents',
      'stillDueCents',
    ]);
    // The calendar year shows money that moved: no rent, late fees or still due.
    expect(calendarFigures(withBoth).map((figure) => figure.key)).toEqual(['grossCents', 'platformFeeCents', 'receivedCents', 'processingCents', 'processorFeeCents', 'netCents']);
  });

  it('show Late fees when fees and waivers cancel out in the total but not in a month', () => {
    expect(statementShowsLateFees(statement([row({ lateFeesCents: 5_000 }), row({ label: 'May 2025', lateFeesCents: -5_000 })]))).toBe(true);
  });
});
