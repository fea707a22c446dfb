import { checkCardForNonce, reasonCodeOf } from './sandbox-test-cards';

const NOW = new Date('2024-12-10T12:00:00Z');
const card = (cardNumber: string, rest: Partial<{ month: string; year: string; cardCode: string }> = {}) => ({
  cardNumber,
  month: '12',
  year: '34',
  cardCode: '123',
  ...rest,
});

describe('the Authorize.Net sandbox', () => {
  it('accepts the documented test cards and tells their brand and last digits', () => {
    expect(checkCardForNonce(card('4111 1111 1111 1111'), NOW)).toEqual({ ok: true, brand: 'visa', last4: '1111', amountTriggered: false });
    expect(checkCardForNonce(card('5424000000000015'), NOW)).toMatchObject({ ok: true, brand: 'mastercard' });
  });

  it('refuses what Accept.js refuses, with its codes', () => {
    expect(checkCardForNonce(card('4111111111111112'), NOW)).toMatchObject({ ok: false, code: 'E_WC_05' });
    expect(checkCardForNonce(card('4111111111111111', { month: '13' }), NOW)).toMatchObject({ ok: false, code: 'E_WC_06' });
    expect(checkCardForNonce(card('4111111111111111', { month: '11', year: '24' }), NOW)).toMatchObject({ ok: false, code: 'E_WC_08' });
    expect(checkCardForNonce(card('4111111111111111', { cardCode: '1' }), NOW)).toMatchObject({ ok: false, code: 'E_WC_15' });
  });

  it('refuses a real card number: only test cards', () => {
    expect(checkCardForNonce(card('4242424242424242'), NOW)).toMatchObject({ ok: false, code: 'E_WC_05' });
  });

  it('declines a bill-to ZIP of 46282, and the amount trigger card by its dollars', () => {
    expect(reasonCodeOf({ amountCents: 150_699, zip: '46282', amountTriggered: false })).toBe('2');
    expect(reasonCodeOf({ amountCents: 150_699, zip: '62704', amountTriggered: false })).toBe('1');
    expect(reasonCodeOf({ amountCents: 2_700, zip: '62704', amountTriggered: true })).toBe('27');
    expect(reasonCodeOf({ amountCents: 200, zip: '62704', amountTriggered: true })).toBe('2');
    expect(reasonCodeOf({ amountCents: 1_100, zip: '62704', amountTriggered: true })).toBe('1');
  });
});
