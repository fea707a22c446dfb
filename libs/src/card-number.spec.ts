import { cardBrandOf, cardNumberDigits, isLuhnValid, paymentMethodLabel } from './card-number';

describe('card numbers', () => {
  it('accepts numbers whose Luhn checksum holds', () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000000000009995', '5555555555554444', '378282246310005']) {
      expect(isLuhnValid(number)).toBe(true);
    }
  });

  it('refuses a mistyped digit, letters and lengths no card has', () => {
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('42424242424242a2')).toBe(false);
    expect(isLuhnValid('42424242424')).toBe(false);
    expect(isLuhnValid('42424242424242424242')).toBe(false);
  });

  it('reads digits through spaces and dashes', () => {
    expect(cardNumberDigits('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('names the brand by its leading digits', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('9999999999999995')).toBe('unknown');
  });

  it('looks only at the leading digits, not at the same digits further on', () => {
    expect(cardBrandOf('1347000000000000')).toBe('unknown');
    expect(cardBrandOf('1601100000000000')).toBe('unknown');
    expect(cardBrandOf('1650000000000000')).toBe('unknown');
  });

  it('labels a payment method for a receipt', () => {
    expect(paymentMethodLabel('visa', '4242')).toBe('Visa •••• 4242');
    expect(paymentMethodLabel('jcb', '0000')).toBe('Card •••• 0000');
    expect(paymentMethodLabel(null, null)).toBe('Card');
  });
});
