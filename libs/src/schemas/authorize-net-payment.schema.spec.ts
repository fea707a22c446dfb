import { MIN_AUTHORIZE_NET_PAYMENT_CENTS } from '../authorize-net';
import { MESSAGES, paymentFieldsNotTakenMessage } from '../messages';
import { MAX_PAYMENT_CENTS } from '../payment-rules';
import { cardGatewayChoiceSchema, authorizeNetPaymentSchema } from './authorize-net-payment.schema';

/** What the Authorize.Net payment screen posts after the gateway's tokenizer answered. */
const payment = {
  amountCents: 150_000,
  paymentNonce: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJjb2RlIjoiNTBfMl8wNjAwMDUz=' },
  card: { brand: 'visa', last4: '1111' },
  idempotencyKey: '3f0c5f7e-2b1a-4c8d-9e6f-7a8b9c0d1e2f',
};

/** The message the endpoint answers with: the first problem found. */
const problem = (body: unknown) => authorizeNetPaymentSchema.safeParse(body).error?.issues[0]?.message;
const withNonce = (dataValue: unknown, dataDescriptor: unknown = payment.paymentNonce.dataDescriptor) => ({
  ...payment,
  paymentNonce: { dataDescriptor, dataValue },
});
const withCard = (card: Record<string, unknown>) => ({ ...payment, card: { ...payment.card, ...card } });

describe('authorizeNetPaymentSchema', () => {
  it('accepts an amount, the tokenizer’s nonce, the card’s brand and last four digits, and an idempotency key', () => {
    expect(authorizeNetPaymentSchema.parse(payment)).toEqual(payment);
  });

  describe('the amount', () => {
    it('is at least the gateway’s minimum of $1', () => {
      expect(problem({ ...payment, amountCents: MIN_AUTHORIZE_NET_PAYMENT_CENTS })).toBeUndefined();
      expect(problem({ ...payment, amountCents: MIN_AUTHORIZE_NET_PAYMENT_CENTS - 1 })).toBe(MESSAGES.minimumAuthorizeNetAmount);
    });

    it('is at most the largest payment the keypad can enter', () => {
      expect(problem({ ...payment, amountCents: MAX_PAYMENT_CENTS })).toBeUndefined();
      expect(problem({ ...payment, amountCents: MAX_PAYMENT_CENTS + 1 })).toBe(MESSAGES.invalidAmount);
    });

    it.each([150_000.5, '150000', null])('is whole cents, as a number (%j is refused)', (amountCents) => {
      expect(problem({ ...payment, amountCents })).toBe(MESSAGES.minimumAuthorizeNetAmount);
    });
  });

  describe('the payment nonce', () => {
    it('has a descriptor of capitals, digits, dots and underscores, up to 64 of them', () => {
      expect(problem(withNonce(payment.paymentNonce.dataValue, 'A'.repeat(64)))).toBeUndefined();
      for (const descriptor of ['', 'A'.repeat(65), 'common.accept.inapp.payment', 'COMMON ACCEPT']) {
        expect(problem(withNonce(payment.paymentNonce.dataValue, descriptor))).toBe(MESSAGES.cardNotAdded);
      }
    });

    it('has a value of 8 to 8,192 token characters', () => {
      expect(problem(withNonce('abcd1234'))).toBeUndefined();
      expect(problem(withNonce(`${'a'.repeat(8188)}+/=.-_`.slice(0, 8192)))).toBeUndefined();
      for (const value of ['abcd123', 'a'.repeat(8193), 'abcd 1234', 'abcd<1234>', 12345678]) {
        expect(problem(withNonce(value))).toBe(MESSAGES.cardNotAdded);
      }
    });

    it('refuses a card number sent in place of the nonce, saying card details never come here', () => {
      expect(problem(withNonce('4111111111111111'))).toBe(MESSAGES.paymentFieldsRefused);
      expect(problem(withNonce('4111-1111-1111-1111'))).toBe(MESSAGES.paymentFieldsRefused);
    });

    it('accepts a nonce that only starts with digits', () => {
      expect(problem(withNonce('41111111abc='))).toBeUndefined();
    });
  });

  describe('the card', () => {
    it.each(['visa', 'mastercard', 'amex', 'discover', 'unknown'])('may be a %s card', (brand) => {
      expect(problem(withCard({ brand }))).toBeUndefined();
    });

    it('refuses another brand, and last digits that are not exactly four digits', () => {
      expect(problem(withCard({ brand: 'jcb' }))).toBe(MESSAGES.cardNotAdded);
      for (const last4 of ['111', '11111', 'abcd']) {
        expect(problem(withCard({ last4 }))).toBe(MESSAGES.cardNotAdded);
      }
    });
  });

  it('wants a UUID as the idempotency key', () => {
    expect(problem({ ...payment, idempotencyKey: 'payment-1' })).toBe(MESSAGES.unexpectedError);
  });

  it('takes the tenant’s yes to paying again soon as a boolean', () => {
    expect(authorizeNetPaymentSchema.parse({ ...payment, confirmRepeat: true })).toEqual({ ...payment, confirmRepeat: true });
    expect(problem({ ...payment, confirmRepeat: 1 })).toBe(MESSAGES.invalidRequest);
  });

  it('names a field that is not card data, such as the old payload’s propertyID', () => {
    expect(problem({ ...payment, propertyID: 'b6c1' })).toBe(paymentFieldsNotTakenMessage(['propertyID']));
  });

  it.each([
    ['the body', { ...payment, cardNumber: '4111111111111111' }],
    ['the nonce', { ...payment, paymentNonce: { ...payment.paymentNonce, cvc: '123' } }],
    ['the card', withCard({ expiry: '12/34' })],
  ])('refuses card fields added to %s, saying card details never come here', (_where, body) => {
    expect(problem(body)).toBe(MESSAGES.paymentFieldsRefused);
  });

  it.each([
    ['the body', 'payment'],
    ['the nonce', { ...payment, paymentNonce: 'nonce' }],
    ['the card', { ...payment, card: 'visa 1111' }],
  ])('does not blame card details when %s is not an object at all', (_where, body) => {
    const message = authorizeNetPaymentSchema.safeParse(body, { error: () => 'Invalid request' }).error?.issues[0]?.message;
    expect(message).toBe('Invalid request');
  });
});

describe('cardGatewayChoiceSchema', () => {
  it.each(['stripe', 'authorize_net'])('accepts %s', (gateway) => {
    expect(cardGatewayChoiceSchema.parse({ gateway })).toEqual({ gateway });
  });

  it('names the choices when given another gateway', () => {
    expect(cardGatewayChoiceSchema.safeParse({ gateway: 'paypal' }).error?.issues[0]?.message).toBe('Choose Stripe or Authorize.Net.');
  });

  it('refuses anything besides the choice', () => {
    expect(cardGatewayChoiceSchema.safeParse({ gateway: 'stripe', landlordId: 'l1' }).success).toBe(false);
  });
});
