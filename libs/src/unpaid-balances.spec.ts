import { daysLateOfBalance, oldestUnpaidAt, sortUnpaidBalances, type UnpaidBalanceRow } from './unpaid-balances';

const NY = 'America/New_York';

/** Ledger lines from (date, amount) pairs, with the running balance. */
function lines(...moves: [string, number][]) {
  let balance = 0;
  return moves.map(([occurredAt, amountCents]) => ({ occurredAt, amountCents, balanceCents: (balance += amountCents) }));
}

describe('oldestUnpaidAt', () => {
  it('is null when nothing is owed', () => {
    expect(oldestUnpaidAt([])).toBeNull();
    expect(oldestUnpaidAt(lines(['2025-01-01T05:00:00Z', 150_000], ['2025-01-03T15:00:00Z', -150_000]))).toBeNull();
    expect(oldestUnpaidAt(lines(['2025-01-03T15:00:00Z', -200_000], ['2025-02-01T05:00:00Z', 150_000]))).toBeNull();
  });

  it('pays the oldest charges first: a part payment leaves the older month unpaid', () => {
    const ledger = lines(['2025-01-01T05:00:00Z', 150_000], ['2025-02-01T05:00:00Z', 150_000], ['2025-02-03T15:00:00Z', -100_000]);
    expect(oldestUnpaidAt(ledger)).toBe('2025-01-01T05:00:00Z');
  });

  it('starts after the balance last reached zero, counting a credit carried in', () => {
    const ledger = lines(
      ['2025-01-01T05:00:00Z', 150_000],
      ['2025-01-02T15:00:00Z', -200_000], // $500 ahead
      ['2025-02-01T05:00:00Z', 150_000],
      ['2025-03-01T05:00:00Z', 150_000],
    );
    // February is covered by the $500 credit only in part: it is the oldest unpaid.
    expect(oldestUnpaidAt(ledger)).toBe('2025-02-01T05:00:00Z');
    const paidFebruary = lines(['2025-01-01T05:00:00Z', 150_000], ['2025-01-02T15:00:00Z', -300_000], ['2025-02-01T05:00:00Z', 150_000], ['2025-03-01T05:00:00Z', 150_000]);
    expect(oldestUnpaidAt(paidFebruary)).toBe('2025-03-01T05:00:00Z');
  });

  it('counts a late fee as a charge of its own', () => {
    const ledger = lines(['2025-01-01T05:00:00Z', 150_000], ['2025-01-05T15:00:00Z', -150_000], ['2025-01-07T05:00:00Z', 5_000]);
    expect(oldestUnpaidAt(ledger)).toBe('2025-01-07T05:00:00Z');
  });
});

describe('daysLateOfBalance', () => {
  it('counts from the end of the grace period, the first late day as 1', () => {
    expect(daysLateOfBalance('2025-01-01T05:00:00Z', 5, new Date('2025-01-07T04:59:59Z'), NY)).toBe(0);
    expect(daysLateOfBalance('2025-01-01T05:00:00Z', 5, new Date('2025-01-07T05:00:00Z'), NY)).toBe(1);
    expect(daysLateOfBalance('2025-01-01T05:00:00Z', 5, new Date('2025-02-01T05:00:00Z'), NY)).toBe(26);
    expect(daysLateOfBalance(null, 5, new Date('2025-02-01T05:00:00Z'), NY)).toBe(0);
  });
});

describe('sortUnpaidBalances', () => {
  const row = (tenantName: string, propertyAddress: string, balanceCents: number, daysLate: number): UnpaidBalanceRow => ({
    tenantUserId: tenantName,
    tenantName,
    propertyId: propertyAddress,
    propertyAddress,
    balanceCents,
    daysLate,
  });
  const rows = [row('sam Rivera', '12 Elm St', 150_000, 3), row('Ana Cole', '9 Oak Ave', 5_000, 40), row('Jo Park', '100 Elm St', 150_000, 0)];
  const names = (sorted: UnpaidBalanceRow[]) => sorted.map((r) => r.tenantName);

  it('sorts by each column either way, ties by the larger balance then the name', () => {
    expect(names(sortUnpaidBalances(rows, 'tenant', 'asc'))).toEqual(['Ana Cole', 'Jo Park', 'sam Rivera']);
    expect(names(sortUnpaidBalances(rows, 'property', 'asc'))).toEqual(['Ana Cole', 'sam Rivera', 'Jo Park']); // 9, 12, 100: numbers read as numbers
    expect(names(sortUnpaidBalances(rows, 'balance', 'desc'))).toEqual(['Jo Park', 'sam Rivera', 'Ana Cole']);
    expect(names(sortUnpaidBalances(rows, 'daysLate', 'desc'))).toEqual(['Ana Cole', 'sam Rivera', 'Jo Park']);
    expect(names(sortUnpaidBalances(rows, 'daysLate', 'asc'))).toEqual(['Jo Park', 'sam Rivera', 'Ana Cole']);
  });
});
