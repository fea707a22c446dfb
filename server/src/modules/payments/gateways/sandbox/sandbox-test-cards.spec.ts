import { MESSAGES } from '@rentwise/libs/messages';
import { CARD_FORM_MESSAGES, checkTestCard, sandboxProcessorFeeCents, testCardChargeRefusal, testCardSetupRefusal } from './sandbox-test-cards';

const now = new Date('2026-05-04T15:00:00Z');
const card = (number: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  checkTestCard({ number, expMonth: 12, expYear: 2030, cvc: '123', ...overrides }, now);

describe('sandbox test cards', () => {
  it("knows Stripe's documented test cards and how each behaves when charged", () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, brand: 'visa', last4: '4242', outcome: 'succeeds' });
    expect(card('4000000000000002')).toMatchObject({ ok: true, outcome: 'card_declined' });
    expect(card('4000000000009995')).toMatchObject({ ok: true, outcome: 'insufficient_funds' });
    expect(card('4000000000000069')).toMatchObject({ ok: true, outcome: 'expired_card' });
    expect(card('4000000000000127')).toMatchObject({ ok: true, outcome: 'incorrect_cvc' });
    expect(card('4000 0000 0000 0341')).toMatchObject({ ok: true, last4: '0341', outcome: 'charge_customer_fail' });
    expect(card('4000 0027 6000 3184')).toMatchObject({ ok: true, last4: '3184', outcome: 'authentication_required' });
  });

  it('saves 0341 and 3184 for later, whose charges then fail as at Stripe; a card always declined is declined as it is saved', () => {
    expect(testCardSetupRefusal('charge_customer_fail')).toBeNull();
    expect(testCardSetupRefusal('authentication_required')).toBeNull();
    expect(testCardSetupRefusal('succeeds')).toBeNull();
    expect(testCardSetupRefusal('card_declined')).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect(testCardChargeRefusal('charge_customer_fail', { offSession: true })).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect(testCardChargeRefusal('authentication_required', { offSession: true })).toEqual({
      code: 'authentication_required',
      declineCode: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
    expect(testCardChargeRefusal('authentication_required', { offSession: false })).toMatchObject({ message: MESSAGES.cardNeedsAuthentication });
    expect(testCardChargeRefusal('insufficient_funds', { offSession: true })).toMatchObject({ code: 'insufficient_funds' });
    expect(testCardChargeRefusal('succeeds', { offSession: true })).toBeNull();
  });

  it('refuses a mistyped number and a real (non-test) card as Stripe test mode does', () => {
    expect(card('4242424242424241')).toEqual({ ok: false, message: CARD_FORM_MESSAGES.invalidNumber });
    expect(card('4111111111111111')).toEqual({ ok: false, message: CARD_FORM_MESSAGES.notATestCard });
  });

  it('refuses an expiry in the past, counting the current month as still valid', () => {
    expect(card('4242424242424242', { expMonth: 4, expYear: 2026 })).toEqual({ ok: false, message: CARD_FORM_MESSAGES.expiryInPast });
    expect(card('4242424242424242', { expMonth: 5, expYear: 26 })).toMatchObject({ ok: true });
    expect(card('4242424242424242', { expMonth: 13 })).toEqual({ ok: false, message: CARD_FORM_MESSAGES.invalidExpiryMonth });
  });

  it('needs a three- or four-digit security code', () => {
    expect(card('4242424242424242', { cvc: '12' })).toEqual({ ok: false, message: CARD_FORM_MESSAGES.invalidCvc });
  });

  it('charges 2.9% + 30 cents as its processor fee', () => {
    expect(sandboxProcessorFeeCents(150699)).toBe(4400);
  });
});
