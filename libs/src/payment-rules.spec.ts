import { repeatPaymentMessage } from './messages';
import {
  MAX_PAYMENT_CENTS,
  REPEAT_PAYMENT_WINDOW_MS,
  SIGN_IN_FRESHNESS_MS,
  isPayableAmount,
  isRepeatPayment,
  isSignInFresh,
  signInFreshness,
  paymentDescriptionDetail,
  rentPaymentDescription,
  wholeMinutesBetween,
} from './payment-rules';

describe('how a sign-in stands for paying, as the payment screen tells it', () => {
  const signedInAt = new Date('2026-11-27T12:00:00.000Z');
  const at = (minutes: number, ms = 0) => new Date(signedInAt.getTime() + minutes * 60_000 + ms);

  it('is fresh until 25 minutes, and says when it starts to end', () => {
    expect(signInFreshness(signedInAt, at(0))).toEqual({ freshness: 'fresh', changesAt: at(25) });
    expect(signInFreshness(signedInAt, at(25, -1))).toEqual({ freshness: 'fresh', changesAt: at(25) });
  });

  it('is ending from 25 minutes until just before 30, and says when it goes stale', () => {
    expect(signInFreshness(signedInAt, at(25))).toEqual({ freshness: 'ending', changesAt: at(30) });
    expect(signInFreshness(signedInAt, at(30, -1))).toEqual({ freshness: 'ending', changesAt: at(30) });
  });

  it('is stale from 30 minutes on, as Pay refuses it, and changes no more', () => {
    expect(signInFreshness(signedInAt, at(30))).toEqual({ freshness: 'stale', changesAt: null });
    expect(signInFreshness(signedInAt, at(600))).toEqual({ freshness: 'stale', changesAt: null });
  });
});

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
    expect(() => isSignInFresh(new Date('nope'), signedInAt)).toThrow(new RangeError('Invalid date'));
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

  it('shows the text after the colon wherever the colon is', () => {
    expect(paymentDescriptionDetail('B: Deposit')).toBe('Deposit');
    expect(paymentDescriptionDetail(': Deposit')).toBe('Deposit');
  });

  it('shows the text without spaces around it, with or without a colon', () => {
    expect(paymentDescriptionDetail('  Deposit  ')).toBe('Deposit');
    expect(paymentDescriptionDetail('Rent:   May  ')).toBe('May');
  });
});

describe('a second payment for the same home', () => {
  const paidAt = new Date('2026-05-04T15:00:00Z');
  const after = (ms: number) => new Date(paidAt.getTime() + ms);

  it('is asked about while the first is under 10 minutes old', () => {
    expect(REPEAT_PAYMENT_WINDOW_MS).toBe(600_000);
    expect(isRepeatPayment(paidAt, paidAt)).toBe(true);
    expect(isRepeatPayment(paidAt, after(REPEAT_PAYMENT_WINDOW_MS - 1))).toBe(true);
  });

  it('goes ahead once the first is 10 minutes old or more', () => {
    expect(isRepeatPayment(paidAt, after(REPEAT_PAYMENT_WINDOW_MS))).toBe(false);
    expect(isRepeatPayment(paidAt, after(REPEAT_PAYMENT_WINDOW_MS + 1))).toBe(false);
  });

  it('is asked about when the first is stamped a moment ahead of this clock', () => {
    expect(isRepeatPayment(after(500), paidAt)).toBe(true);
  });

  it('throws on an invalid date rather than letting it pass', () => {
    expect(() => isRepeatPayment(new Date('nope'), paidAt)).toThrow(new RangeError('Invalid date'));
    expect(() => isRepeatPayment(paidAt, new Date('nope'))).toThrow(new RangeError('Invalid date'));
  });

  it('says how long ago in whole minutes, never below zero', () => {
    expect(wholeMinutesBetween(paidAt, after(59_999))).toBe(0);
    expect(wholeMinutesBetween(paidAt, after(60_000))).toBe(1);
    expect(wholeMinutesBetween(paidAt, after(3 * 60_000 + 59_999))).toBe(3);
    expect(wholeMinutesBetween(after(1000), paidAt)).toBe(0);
  });

  it('asks in words with the amount charged and how long ago', () => {
    expect(repeatPaymentMessage(185_699, 3, false)).toBe('You paid $1,856.99 for this home 3 minutes ago. Pay again?');
    expect(repeatPaymentMessage(185_699, 1, false)).toBe('You paid $1,856.99 for this home 1 minute ago. Pay again?');
    expect(repeatPaymentMessage(10_699, 0, false)).toBe('You paid $106.99 for this home less than a minute ago. Pay again?');
    expect(repeatPaymentMessage(10_699, 2, true)).toBe(
      'You started a payment of $106.99 for this home 2 minutes ago, and it may still be going through. Pay again?',
    );
  });
});
