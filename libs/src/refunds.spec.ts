import { MESSAGES } from './messages';
import { leftToRefundCents, refundAmountProblem, refundRefusal, refundCost, refundCostText, refundEmailSentence, type RefundablePayment } from './refunds';
import { refundFormSchema, refundSchema } from './schemas/refund.schema';

const card: RefundablePayment = { chargedCents: 150_699, refundedCents: 0, platformFeeCents: 699, processorFeeCents: 4_400 };

describe('refunds', () => {
  it('leaves to refund what was charged less every refund, never below nothing', () => {
    expect(leftToRefundCents(card)).toBe(150_699);
    expect(leftToRefundCents({ ...card, refundedCents: 50_000 })).toBe(100_699);
    expect(leftToRefundCents({ ...card, refundedCents: 150_699 })).toBe(0);
    expect(leftToRefundCents({ ...card, refundedCents: 200_000 })).toBe(0);
  });

  it('refuses an amount above what is left, saying what is left, and nothing or less', () => {
    expect(refundAmountProblem(150_699, card)).toBeNull();
    expect(refundAmountProblem(1, card)).toBeNull();
    expect(refundAmountProblem(100_700, { ...card, refundedCents: 50_000 })).toBe(
      'You can refund at most $1,006.99 of this payment. Please enter $1,006.99 or less.',
    );
    expect(refundAmountProblem(100_699, { ...card, refundedCents: 50_000 })).toBeNull();
    expect(refundAmountProblem(0, card)).toMatch(/at most \$1,506\.99/);
    expect(refundAmountProblem(1.5, card)).toMatch(/at most/);
    expect(refundAmountProblem(1, { ...card, refundedCents: 150_699 })).toBe(MESSAGES.refundFullyRefunded);
  });

  it('refunds a paid or partly refunded payment with something left, made through Rentwise', () => {
    expect(refundRefusal('succeeded', true, 100)).toBeNull();
    expect(refundRefusal('partly_refunded', true, 100)).toBeNull();
    expect(refundRefusal('refunded', true, 0)).toBe(MESSAGES.refundFullyRefunded);
    expect(refundRefusal('succeeded', false, 100)).toBe(MESSAGES.refundNotThroughRentwise);
    expect(refundRefusal('processing', true, 100)).toBe(MESSAGES.refundBankNotSettled);
    expect(refundRefusal('failed', true, 100)).toBe(MESSAGES.refundFailedPayment);
    expect(refundRefusal('disputed', true, 100)).toBe(MESSAGES.refundDisputed);
    expect(refundRefusal('recorded', false, 100)).toBe(MESSAGES.refundRecordedPayment);
    expect(refundRefusal('voided', false, 0)).toBe(MESSAGES.refundRecordedPayment);
  });

  it('takes the whole refund from the landlord and keeps both fees', () => {
    expect(refundCost(10_000, card)).toEqual({
      tenantGetsCents: 10_000,
      landlordPaysCents: 10_000,
      platformFeeKeptCents: 699,
      processorFeeKeptCents: 4_400,
      // Received 150,699 - 699 - 4,400 = 145,600, less the refund.
      paymentLeavesLandlordCents: 135_600,
    });
    expect(refundCost(50_699, { ...card, refundedCents: 100_000 }).paymentLeavesLandlordCents).toBe(-5_099);
  });

  it('says the cost before the landlord confirms, fees by name, and a loss as a cost', () => {
    expect(refundCostText(refundCost(10_000, card))).toBe(
      'The tenant gets $100.00 back. Your balance pays $100.00. Fees are not returned: the processor fee of $44.00 and the platform fee of $6.99 stay paid. After this refund, this payment leaves you $1,356.00.',
    );
    expect(refundCostText(refundCost(150_699, card))).toMatch(/After this refund, this payment costs you \$50\.99\.$/);
    // Authorize.Net: the processor's fee is the platform's, not the landlord's.
    expect(refundCostText(refundCost(150_699, { ...card, processorFeeCents: null }))).toBe(
      'The tenant gets $1,506.99 back. Your balance pays $1,506.99. Fees are not returned: the platform fee of $6.99 stays paid. After this refund, this payment costs you $6.99.',
    );
    expect(refundCostText(refundCost(100, { ...card, processorFeeCents: null, platformFeeCents: 0 }))).toBe(
      'The tenant gets $1.00 back. Your balance pays $1.00. After this refund, this payment leaves you $1,505.99.',
    );
  });

  it('tells the tenant what was refunded of which payment, and why', () => {
    expect(refundEmailSentence(10_000, 150_699, 'Apr 3, 2026', 'Overcharged for April')).toBe(
      'Your landlord refunded $100.00 of your payment of $1,506.99 on Apr 3, 2026: Overcharged for April',
    );
  });
});

describe('refund schemas', () => {
  const key = '4b0f3a4e-2b7c-4d1e-9a55-0c1d2e3f4a5b';

  it('takes whole cents, a reason and a key', () => {
    expect(refundSchema.parse({ amountCents: 5_000, reason: '  Overcharged  ', idempotencyKey: key })).toEqual({
      amountCents: 5_000,
      reason: 'Overcharged',
      idempotencyKey: key,
    });
    expect(refundSchema.safeParse({ amountCents: 50.5, reason: 'x', idempotencyKey: key }).error?.issues[0].message).toBe(MESSAGES.refundAmountInvalid);
    expect(refundSchema.safeParse({ amountCents: 0, reason: 'x', idempotencyKey: key }).success).toBe(false);
    expect(refundSchema.safeParse({ amountCents: 100, reason: '   ', idempotencyKey: key }).error?.issues[0].message).toBe(MESSAGES.refundReasonRequired);
    expect(refundSchema.safeParse({ amountCents: 100, reason: 'x'.repeat(501), idempotencyKey: key }).error?.issues[0].message).toBe(MESSAGES.refundReasonTooLong);
    expect(refundSchema.safeParse({ amountCents: 100, reason: 'a\nb', idempotencyKey: key }).success).toBe(false);
  });

  it('reads the form’s amount as typed', () => {
    expect(refundFormSchema.parse({ amount: '$1,200.5', reason: 'Moved out early' })).toEqual({ amount: 120_050, reason: 'Moved out early' });
    expect(refundFormSchema.safeParse({ amount: 'ten', reason: 'x' }).error?.issues[0].message).toBe(MESSAGES.refundAmountInvalid);
    expect(refundFormSchema.safeParse({ amount: '0', reason: 'x' }).error?.issues[0].message).toBe(MESSAGES.refundAmountInvalid);
  });
});
