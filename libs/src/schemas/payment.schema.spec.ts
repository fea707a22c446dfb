import { MESSAGES, paymentFieldsNotTakenMessage } from '../messages';
import { MAX_PAYMENT_CENTS } from '../payment-rules';
import { paymentSchema } from './payment.schema';

const valid = { amountCents: 150000, paymentMethodId: 'pm_sandbox_abc', idempotencyKey: '1b4e28ba-2fa1-4d3b-9d6a-8c1f0a5b1e2f' };
const firstError = (input: unknown) => {
  const result = paymentSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe('payment request schema', () => {
  it('accepts the amount, the payment method id and an idempotency key', () => {
    expect(paymentSchema.parse(valid)).toEqual(valid);
  });

  it('refuses any other field, so card details cannot reach the endpoint', () => {
    for (const extra of [{ cardNumber: '4242424242424242' }, { number: '4242424242424242' }, { cvc: '123' }]) {
      expect(firstError({ ...valid, ...extra })).toBe(MESSAGES.paymentFieldsRefused);
    }
  });

  it('names a field that is not card data instead of talking about cards', () => {
    expect(firstError({ ...valid, propertyId: 'b6c1', tenantID: 'x' })).toBe(paymentFieldsNotTakenMessage(['propertyId', 'tenantID']));
    expect(firstError({ ...valid, propertyId: 'b6c1', cvc: '123' })).toBe(MESSAGES.paymentFieldsRefused);
  });

  it('needs more than zero and at most $99,999.99, in whole cents', () => {
    expect(firstError({ ...valid, amountCents: 0 })).toBe(MESSAGES.invalidAmount);
    expect(firstError({ ...valid, amountCents: 1.5 })).toBe(MESSAGES.invalidAmount);
    expect(firstError({ ...valid, amountCents: '100' })).toBe(MESSAGES.invalidAmount);
    expect(firstError({ ...valid, amountCents: MAX_PAYMENT_CENTS + 1 })).toBe(MESSAGES.invalidAmount);
    expect(firstError({ ...valid, amountCents: MAX_PAYMENT_CENTS })).toBeNull();
  });

  it('takes the tenant’s yes to paying again soon as a boolean, and nothing else', () => {
    expect(paymentSchema.parse({ ...valid, confirmRepeat: true })).toEqual({ ...valid, confirmRepeat: true });
    expect(firstError({ ...valid, confirmRepeat: 'yes' })).toBe(MESSAGES.invalidRequest);
  });

  it('needs a payment method id and a uuid key', () => {
    expect(firstError({ ...valid, paymentMethodId: '' })).toBe(MESSAGES.cardNotAdded);
    expect(firstError({ ...valid, idempotencyKey: 'again' })).not.toBeNull();
  });
});
