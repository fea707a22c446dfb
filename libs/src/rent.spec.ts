import fc from 'fast-check';
import {
  RENT_INPUT_MAX_LENGTH,
  formatRentInput,
  isRentInRange,
  parseRentDollars,
  rentCentsToInput,
  rentDollarsToCents,
} from './rent';

describe('formatRentInput', () => {
  it('adds commas as the rent is typed', () => {
    expect(['1', '15', '150', '1500', '15000'].map(formatRentInput)).toEqual(['1', '15', '150', '1,500', '15,000']);
    expect(formatRentInput('1,5000')).toBe('15,000');
  });

  it('drops leading zeros', () => {
    expect(formatRentInput('0')).toBe('');
    expect(formatRentInput('000')).toBe('');
    expect(formatRentInput('0150')).toBe('150');
  });

  it('counts the seven-character limit without the leading zeros', () => {
    expect(formatRentInput('0015000')).toBe('15,000');
    expect(formatRentInput('00123456')).toBe('123,456');
  });

  it('keeps whole dollars only', () => {
    expect(formatRentInput('1500.50')).toBe('1,500');
    expect(formatRentInput('$1a5b0')).toBe('150');
    expect(formatRentInput('')).toBe('');
  });

  it('stops at 7 characters, which is one digit beyond the maximum rent', () => {
    expect(formatRentInput('999999')).toBe('999,999');
    expect(formatRentInput('9999999')).toBe('999,999');
  });

  it('never grows past the field limit and is stable when re-applied', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const shown = formatRentInput(typed);
        expect(shown.length).toBeLessThanOrEqual(RENT_INPUT_MAX_LENGTH);
        expect(formatRentInput(shown)).toBe(shown);
      }),
    );
  });
});

describe('parseRentDollars', () => {
  it('reads whole dollars with or without commas and dollar sign', () => {
    expect(parseRentDollars('1,500')).toBe(1500);
    expect(parseRentDollars('1500')).toBe(1500);
    expect(parseRentDollars(' $99,999 ')).toBe(99_999);
  });

  it('reads every group of thousands, leaving the range to isRentInRange', () => {
    expect(parseRentDollars('1,000,000')).toBe(1_000_000);
    expect(parseRentDollars('$ 12,345,678')).toBe(12_345_678);
  });

  it('returns null for anything else', () => {
    for (const text of ['', ' ', 'abc', '1,50', '15,00,0', '1500.00', '-100', '1e3', '15$00', '1500$', '1234,567', '1,5000', '1,500,']) {
      expect(parseRentDollars(text)).toBeNull();
    }
  });

  it('reads back every formatted rent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), (dollars) => {
        expect(parseRentDollars(formatRentInput(String(dollars)))).toBe(dollars);
      }),
    );
  });
});

describe('isRentInRange', () => {
  it('accepts $100 to $99,999 inclusive', () => {
    expect(isRentInRange(99)).toBe(false);
    expect(isRentInRange(100)).toBe(true);
    expect(isRentInRange(99_999)).toBe(true);
    expect(isRentInRange(100_000)).toBe(false);
    expect(isRentInRange(150.5)).toBe(false);
  });
});

describe('rent in cents', () => {
  it('sends rent times 100', () => {
    expect(rentDollarsToCents(1500)).toBe(150_000);
  });

  it('fills the edit form from stored cents', () => {
    expect(rentCentsToInput(150_000)).toBe('1,500');
    expect(rentCentsToInput(9_999_900)).toBe('99,999');
  });
});
