import fc from 'fast-check';
import { dollarsToCents, formatCents, parseDollarsToCents } from './money';

describe('money', () => {
  it('formats cents as US dollars with two decimals and separators', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('refuses fractional cents, naming the amount', () => {
    expect(() => formatCents(10.5)).toThrow(new RangeError('Not a whole number of cents: 10.5'));
  });

  it('converts whole dollars to cents', () => {
    expect(dollarsToCents(99999)).toBe(9999900);
  });

  it('refuses to convert part of a dollar or an unsafe number, naming it', () => {
    expect(() => dollarsToCents(12.5)).toThrow(new RangeError('Not whole dollars: 12.5'));
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(2 ** 53)).toThrow(RangeError);
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

  it('reads one or two decimals after a leading point, and nothing before or after them', () => {
    expect(parseDollarsToCents('.05')).toBe(5);
    expect(parseDollarsToCents('.25')).toBe(25);
    expect(parseDollarsToCents('$.5')).toBe(50);
    for (const text of ['.', '.505', '.5x', 'x.5', '1.2.5', '..5']) {
      expect(parseDollarsToCents(text)).toBeNull();
    }
  });

  it('round-trips every cent amount through its formatted text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_99 }), (cents) => {
        expect(parseDollarsToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });
});
