import fc from 'fast-check';
import { dollarsToCents, formatCents, parseDollarsToCents } from './money';

describe('money', () => {
  it('formats cents as US dollars with two decimals and separators', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('refuses fractional cents', () => {
    expect(() => formatCents(10.5)).toThrow(RangeError);
  });

  it('converts whole dollars to cents', () => {
    expect(dollarsToCents(99999)).toBe(9999900);
  });

  it('parses typed amounts exactly', () => {
    expect(parseDollarsToCents('1,234.5')).toBe(123450);
    expect(parseDollarsToCents('0.07')).toBe(7);
    expect(parseDollarsToCents('.5')).toBe(50);
    expect(parseDollarsToCents('12')).toBe(1200);
    expect(parseDollarsToCents('1.234')).toBeNull();
    expect(parseDollarsToCents('abc')).toBeNull();
    expect(parseDollarsToCents('')).toBeNull();
  });

  it('round-trips every cent amount through its formatted text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_99 }), (cents) => {
        expect(parseDollarsToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });
});
