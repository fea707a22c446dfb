import { recordedPaymentEntries, recordedPaymentVoidEntries } from './recorded-payment-entries';

const sum = (entries: { amountCents: number }[]) => entries.reduce((total, entry) => total + entry.amountCents, 0);

describe('recorded payment postings', () => {
  it('moves the whole amount from the tenant to the landlord’s own hands, with no fee', () => {
    expect(recordedPaymentEntries(150_000)).toEqual([
      { account: 'tenant_card', amountCents: -150_000 },
      { account: 'received_by_landlord', amountCents: 150_000 },
    ]);
  });

  it('undoes it exactly when voided', () => {
    expect(recordedPaymentVoidEntries(150_000)).toEqual([
      { account: 'tenant_card', amountCents: 150_000 },
      { account: 'received_by_landlord', amountCents: -150_000 },
    ]);
    expect(sum([...recordedPaymentEntries(1), ...recordedPaymentVoidEntries(1)])).toBe(0);
    expect(sum(recordedPaymentEntries(12_345))).toBe(0);
  });

  it.each([0, -1, 1.5])('refuses %p cents', (cents) => {
    expect(() => recordedPaymentEntries(cents)).toThrow(RangeError);
    expect(() => recordedPaymentVoidEntries(cents)).toThrow(RangeError);
  });
});
