import { MESSAGES } from '../messages';
import { saveCardSchema } from './saved-card.schema';

describe('saving a card for autopay', () => {
  const messageOf = (body: unknown) => saveCardSchema.safeParse(body).error?.issues[0].message;

  it('takes the SetupIntent Stripe.js confirmed, or the sandbox card form’s payment method: one of them', () => {
    expect(saveCardSchema.safeParse({ setupIntentId: 'seti_1Q2w3E' }).success).toBe(true);
    expect(saveCardSchema.safeParse({ paymentMethodId: 'pm_sandbox_4f2a' }).success).toBe(true);
    expect(messageOf({})).toBe(MESSAGES.cardNotAdded);
    expect(messageOf({ setupIntentId: 'seti_1', paymentMethodId: 'pm_1' })).toBe(MESSAGES.cardNotAdded);
    expect(messageOf({ setupIntentId: 'seti 1; drop' })).toBe(MESSAGES.cardNotAdded);
  });

  it('refuses card data, never letting it reach the server', () => {
    expect(messageOf({ paymentMethodId: 'pm_1', cardNumber: '4242424242424242' })).toBe(MESSAGES.paymentFieldsRefused);
    expect(messageOf({ paymentMethodId: 'pm_1', brand: 'visa' })).not.toBe(MESSAGES.paymentFieldsRefused);
  });
});
