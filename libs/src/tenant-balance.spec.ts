import { rentPaidCents, tenantBalanceCents, tenantLedgerLineDate, tenantLedgerLineWhat, tenantLedgerLines, type TenantJournal } from './tenant-balance';

const journal = (overrides: Partial<TenantJournal> & Pick<TenantJournal, 'journalId' | 'kind' | 'occurredAt'>): TenantJournal => ({
  description: overrides.kind,
  receivableCents: 0,
  paidCents: 0,
  tenantFeeCents: null,
  correctsJournalId: null,
  ...overrides,
});

describe('the tenant balance', () => {
  const march = journal({ journalId: 'c1', kind: 'rent_charge', occurredAt: '2025-03-01T05:00:00.000Z', receivableCents: 150_000 });
  const april = journal({ journalId: 'c2', kind: 'rent_charge', occurredAt: '2025-04-01T04:00:00.000Z', receivableCents: 150_000 });
  const cardPayment = journal({ journalId: 'p1', kind: 'rent_payment', occurredAt: '2025-03-03T15:00:00.000Z', paidCents: 150_699, tenantFeeCents: 699 });

  it('counts what a payment paid toward rent, not the fee paid with it', () => {
    expect(tenantLedgerLines([april, cardPayment, march]).map((line) => [line.journalId, line.amountCents, line.balanceCents])).toEqual([
      ['c1', 150_000, 150_000],
      ['p1', -150_000, 0],
      ['c2', 150_000, 150_000],
    ]);
  });

  it('takes an imported payment’s fee from its date: none before July 2023, $6.99 from then', () => {
    expect(rentPaidCents({ kind: 'rent_payment', paidCents: 150_000, tenantFeeCents: null, occurredAt: '2023-06-30T12:00:00.000Z' })).toBe(150_000);
    expect(rentPaidCents({ kind: 'rent_payment', paidCents: 150_699, tenantFeeCents: null, occurredAt: '2023-07-01T00:00:00.000Z' })).toBe(150_000);
    // A bank payment with no bank fee paid all of it toward rent.
    expect(rentPaidCents({ kind: 'rent_payment', paidCents: 150_000, tenantFeeCents: 0, occurredAt: '2025-03-03T15:00:00.000Z' })).toBe(150_000);
  });

  it('puts back what a failed bank debit or a refund took off, never more', () => {
    const bankPayment = journal({ journalId: 'p2', kind: 'rent_payment', occurredAt: '2025-03-02T15:00:00.000Z', paidCents: 150_000, tenantFeeCents: 0 });
    const failed = journal({ journalId: 'f2', kind: 'bank_debit_failed', occurredAt: '2025-03-06T15:00:00.000Z', paidCents: -150_000, correctsJournalId: 'p2' });
    expect(tenantBalanceCents([march, bankPayment, failed])).toBe(150_000);
    // A card payment refunded in full gives back $1,506.99; the balance rises by the $1,500 it paid toward rent.
    const refund = journal({ journalId: 'r1', kind: 'refund', occurredAt: '2025-03-09T15:00:00.000Z', paidCents: -150_699, correctsJournalId: 'p1' });
    expect(tenantBalanceCents([march, cardPayment, refund])).toBe(150_000);
  });

  it('follows a lost dispute through the dispute to its payment', () => {
    const dispute = journal({ journalId: 'd1', kind: 'dispute', occurredAt: '2025-03-20T15:00:00.000Z', correctsJournalId: 'p1' });
    const lost = journal({ journalId: 'l1', kind: 'dispute_lost', occurredAt: '2025-04-20T15:00:00.000Z', paidCents: -150_699, correctsJournalId: 'd1' });
    const lines = tenantLedgerLines([march, cardPayment, dispute, lost]);
    expect(lines.map((line) => line.journalId)).toEqual(['c1', 'p1', 'l1']);
    expect(lines.at(-1)?.balanceCents).toBe(150_000);
  });

  it('counts all of a payment the landlord recorded, which carried no fee, and puts it back when it is voided', () => {
    // Dated $6.99-era, but cash paid nothing to us: none of it is taken as a fee, as an imported payment's would be.
    const check = journal({ journalId: 'k1', kind: 'recorded_payment', occurredAt: '2025-03-05T05:00:00.000Z', paidCents: 150_000 });
    expect(tenantBalanceCents([march, check])).toBe(0);
    const voided = journal({ journalId: 'v1', kind: 'recorded_payment_void', occurredAt: '2025-03-20T15:00:00.000Z', paidCents: -150_000, correctsJournalId: 'k1' });
    const lines = tenantLedgerLines([march, check, voided]);
    expect(lines.map((line) => [line.journalId, line.amountCents, line.balanceCents])).toEqual([
      ['c1', 150_000, 150_000],
      ['k1', -150_000, 0],
      ['v1', 150_000, 150_000],
    ]);
  });

  it('is a credit when the tenant paid ahead, and zero with no journals', () => {
    expect(tenantBalanceCents([cardPayment])).toBe(-150_000);
    expect(tenantBalanceCents([])).toBe(0);
  });
});

describe('the words of a ledger line', () => {
  const NEW_YORK = 'America/New_York';
  const line = (kind: TenantJournal['kind'], occurredAt = '2025-12-01T05:00:00.000Z', description = '') => ({ kind, occurredAt, description });

  it('names a rent charge by its month on the landlord’s calendar', () => {
    expect(tenantLedgerLineWhat(line('rent_charge', '2025-12-01T05:00:00.000Z', 'Rent: December 2025'), NEW_YORK)).toBe('Rent for December 2025');
    // Midnight of January 1st in New York is still December 31st in UTC.
    expect(tenantLedgerLineWhat(line('rent_charge', '2026-01-01T05:00:00.000Z', 'Rent: January 2026'), NEW_YORK)).toBe('Rent for January 2026');
    expect(tenantLedgerLineWhat(line('rent_charge', '2026-01-01T05:00:00.000Z', 'Rent: January 2026'), 'America/Los_Angeles')).toBe('Rent for December 2025');
  });

  it('says the days of a part month', () => {
    expect(tenantLedgerLineWhat(line('rent_charge', '2025-05-15T16:00:00.000Z', 'Rent: May 2025 (17 of 31 days)'), NEW_YORK)).toBe('Rent for May 2025 (17 of 31 days)');
  });

  it('has the tenant’s words for every other line', () => {
    expect(
      (['rent_payment', 'bank_debit_failed', 'refund', 'late_fee', 'late_fee_waiver', 'rent_credit', 'dispute_lost'] as const).map((kind) => tenantLedgerLineWhat(line(kind), NEW_YORK)),
    ).toEqual(['Payment', 'Bank payment returned', 'Refund', 'Late fee', 'Late fee waived', 'Rent credit', 'Payment reversed by a card dispute']);
  });

  it('says a late fee’s month and day, and a waiver’s reason', () => {
    expect(tenantLedgerLineWhat(line('late_fee', '2025-12-07T05:00:00.000Z', 'Late fee: December 2025 rent'), NEW_YORK)).toBe('Late fee: December 2025 rent');
    expect(tenantLedgerLineWhat(line('late_fee', '2025-12-08T05:00:00.000Z', 'Late fee: December 2025 rent, day 2 late'), NEW_YORK)).toBe(
      'Late fee: December 2025 rent, day 2 late',
    );
    expect(tenantLedgerLineWhat(line('late_fee_waiver', '2025-12-09T15:00:00.000Z', 'Late fee waived: Paid by check on the 5th'), NEW_YORK)).toBe(
      'Late fee waived: Paid by check on the 5th',
    );
  });

  it('says how a recorded payment was paid, and why it was voided', () => {
    expect(tenantLedgerLineWhat(line('recorded_payment', '2025-12-05T05:00:00.000Z', 'Rent payment: Check #1234, recorded by landlord'), NEW_YORK)).toBe(
      'Check #1234, recorded by landlord',
    );
    expect(tenantLedgerLineWhat(line('recorded_payment_void', '2025-12-09T15:00:00.000Z', 'Recorded payment voided: The check bounced'), NEW_YORK)).toBe(
      'Recorded payment voided: The check bounced',
    );
  });

  it('dates a line on the landlord’s calendar', () => {
    expect(tenantLedgerLineDate('2026-01-01T05:00:00.000Z', NEW_YORK)).toBe('2026-01-01');
    expect(tenantLedgerLineDate('2026-01-01T04:59:59.999Z', NEW_YORK)).toBe('2025-12-31');
    expect(tenantLedgerLineDate('2025-03-09T15:00:00.000Z', 'Pacific/Kiritimati')).toBe('2025-03-10');
  });
});
