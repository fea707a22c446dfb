import { rentPaymentEntries } from './rent-payment-entries';

describe('rentPaymentEntries', () => {
  const lastSecondOfFirstEra = new Date('2020-07-29T17:59:00Z');

  it('writes the card, the landlord and the fee when the payment is more than the fee', () => {
    expect(rentPaymentEntries(101, lastSecondOfFirstEra)).toEqual({
      landlordReceivesCents: 1,
      entries: [
        { account: 'tenant_card', amountCents: -101 },
        { account: 'landlord_payable', amountCents: 1 },
        { account: 'processing_fees', amountCents: 100 },
      ],
    });
  });

  it.each([100, 99, 1])('writes no landlord entry for %i cents, at or below the fee', (charged) => {
    expect(rentPaymentEntries(charged, lastSecondOfFirstEra)).toEqual({
      landlordReceivesCents: 0,
      entries: [
        { account: 'tenant_card', amountCents: -charged },
        { account: 'processing_fees', amountCents: charged },
      ],
    });
  });

  it.each([0, -5, 1.5])('refuses %p cents', (charged) => {
    expect(() => rentPaymentEntries(charged, lastSecondOfFirstEra)).toThrow(RangeError);
  });

  it('says that a rent payment must be more than zero', () => {
    expect(() => rentPaymentEntries(0, lastSecondOfFirstEra)).toThrow(new RangeError('A rent payment must be more than zero'));
  });
});
