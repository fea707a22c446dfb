import {
  MAX_PAYMENT_CENTS,
  SIGN_IN_FRESHNESS_MS,
  isPayableAmount,
  isSignInFresh,
  paymentDescriptionDetail,
  rentPaymentDescription,
} from './payment-rules';

describe('sign-in freshness for paying', () => {
  const signedInAt = new Date('2026-05-04T15:00:00Z');
  const after = (ms: number) => new Date(signedInAt.getTime() + ms);

  it('accepts a sign-in younger than 30 minutes', () => {
    expect(isSignInFresh(signedInAt, signedInAt)).toBe(true);
    expect(isSignInFresh(signedInAt, after(SIGN_IN_FRESHNESS_MS - 1))).toBe(true);
  });

  it('refuses a sign-in 30 or more minutes old', () => {
    expect(SIGN_IN_FRESHNESS_MS).toBe(1_800_000);
    expect(isSignInFresh(signedInAt, after(SIGN_IN_FRESHNESS_MS))).toBe(false);
    expect(isSignInFresh(signedInAt, after(SIGN_IN_FRESHNESS_MS + 1))).toBe(false);
  });

  it('throws on an invalid date rather than letting it pass', () => {
    expect(() => isSignInFresh(new Date('nope'), signedInAt)).toThrow(RangeError);
  });
});

describe('payable amounts', () => {
  it('is more than zero and at most $99,999.99', () => {
    expect(MAX_PAYMENT_CENTS).toBe(9_999_999);
    expect(isPayableAmount(0)).toBe(false);
    expect(isPayableAmount(-100)).toBe(false);
    expect(isPayableAmount(1)).toBe(true);
    expect(isPayableAmount(MAX_PAYMENT_CENTS)).toBe(true);
    expect(isPayableAmount(MAX_PAYMENT_CENTS + 1)).toBe(false);
  });

  it('is whole cents', () => {
    expect(isPayableAmount(100.5)).toBe(false);
    expect(isPayableAmount(Number.NaN)).toBe(false);
  });
});

describe('payment descriptions', () => {
  it('shows the text after the colon', () => {
    expect(paymentDescriptionDetail(rentPaymentDescription('123 Main St, Apt 2'))).toBe('123 Main St, Apt 2');
    expect(paymentDescriptionDetail('Rent: May: late')).toBe('May: late');
    expect(paymentDescriptionDetail('No colon here')).toBe('No colon here');
  });

  it('shows the text without spaces around it, with or without a colon', () => {
    expect(paymentDescriptionDetail('  Deposit  ')).toBe('Deposit');
    expect(paymentDescriptionDetail('Rent:   May  ')).toBe('May');
  });
});
