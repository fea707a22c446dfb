import { businessDaysAfter, sandboxBankDebitFeeCents } from './sandbox-bank-debits';

describe('the sandbox bank', () => {
  it('settles 4 business days later, skipping the weekend', () => {
    // Thursday 2026-11-26 → Wednesday 2026-12-02.
    expect(businessDaysAfter(new Date('2026-11-26T15:00:00Z'), 4).toISOString()).toBe('2026-12-02T15:00:00.000Z');
    // Monday → Friday.
    expect(businessDaysAfter(new Date('2026-11-23T15:00:00Z'), 4).toISOString()).toBe('2026-11-27T15:00:00.000Z');
    // Saturday → Thursday.
    expect(businessDaysAfter(new Date('2026-11-28T15:00:00Z'), 4).toISOString()).toBe('2026-12-03T15:00:00.000Z');
  });

  it("charges Stripe's ACH fee: 0.8%, at most $5", () => {
    expect(sandboxBankDebitFeeCents(10_000)).toBe(80);
    expect(sandboxBankDebitFeeCents(185_000)).toBe(500);
  });
});
