import { transactionsExportQuerySchema, TRANSACTIONS_EXPORT_MESSAGES as M } from './transactions-export.schema';

const problem = (query: Record<string, unknown>): string | null => {
  const result = transactionsExportQuerySchema.safeParse(query);
  return result.success ? null : result.error.issues[0].message;
};

describe('the transactions export period', () => {
  it('takes a year as the query string sends it, or a first and last day', () => {
    expect(transactionsExportQuerySchema.parse({ year: '2025' })).toEqual({ year: 2025 });
    expect(transactionsExportQuerySchema.parse({ from: '2025-01-01', to: '2025-03-31' })).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(problem({ from: '2025-02-14', to: '2025-02-14' })).toBeNull();
  });

  it('refuses nothing, both kinds at once, or half a period', () => {
    expect(problem({})).toBe(M.choosePeriod);
    expect(problem({ from: '2025-01-01' })).toBe(M.choosePeriod);
    expect(problem({ year: '2025', from: '2025-01-01', to: '2025-02-01' })).toBe(M.yearOrPeriod);
  });

  it('refuses a year or a day that is not one', () => {
    for (const year of ['abc', '1999', '2100', '2025.5']) expect(problem({ year })).toBe(M.year);
    for (const day of ['2025-02-30', '2025-2-1', '=cmd', '1999-12-31']) expect(problem({ from: day, to: '2025-03-01' })).toBe(M.day);
  });

  it('refuses a period that ends before it starts or runs longer than three years', () => {
    expect(problem({ from: '2025-03-02', to: '2025-03-01' })).toBe(M.endsBeforeStart);
    expect(problem({ from: '2023-01-01', to: '2025-12-31' })).toBeNull();
    expect(problem({ from: '2022-01-01', to: '2025-12-31' })).toBe(M.tooLong);
  });

  it('refuses a field it does not know', () => {
    expect(problem({ year: '2025', format: 'pdf' })).not.toBeNull();
  });
});
