import fc from 'fast-check';
import { KEYPAD_START, keypadDisplayToCents, pressKey, type KeypadKey } from './keypad';

const typeKeys = (keys: readonly KeypadKey[], from = KEYPAD_START): string => keys.reduce(pressKey, from);
const allKeys: KeypadKey[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.', 'backspace'];

describe('keypad', () => {
  it('starts at 0 and replaces the leading zero with the first digit', () => {
    expect(pressKey('0', '7')).toBe('7');
    expect(pressKey('0', '0')).toBe('0');
  });

  it('appends digits and adds thousands separators', () => {
    expect(typeKeys(['1', '2', '3', '4'])).toBe('1,234');
    expect(typeKeys(['1', '2', '3', '4', '5'])).toBe('12,345');
  });

  it('allows a whole-dollar part of at most 99999', () => {
    expect(typeKeys(['9', '9', '9', '9', '9'])).toBe('99,999');
    expect(pressKey('99,999', '9')).toBe('99,999');
    expect(pressKey('10,000', '0')).toBe('10,000');
  });

  it('accepts the decimal point once', () => {
    expect(pressKey('12', '.')).toBe('12.');
    expect(pressKey('12.', '.')).toBe('12.');
    expect(pressKey('12.5', '.')).toBe('12.5');
  });

  it('turns a leading point into 0.', () => {
    expect(pressKey('0', '.')).toBe('0.');
    expect(typeKeys(['.', '5'])).toBe('0.5');
  });

  it('allows at most two decimals', () => {
    expect(typeKeys(['1', '.', '2', '5'])).toBe('1.25');
    expect(pressKey('1.25', '9')).toBe('1.25');
    expect(typeKeys(['9', '9', '9', '9', '9', '.', '9', '9'])).toBe('99,999.99');
  });

  it('keeps a zero typed after the point', () => {
    expect(typeKeys(['.', '0', '5'])).toBe('0.05');
  });

  it('removes the last character on backspace and re-places the separators', () => {
    expect(pressKey('12,345', 'backspace')).toBe('1,234');
    expect(pressKey('1,234', 'backspace')).toBe('123');
    expect(pressKey('1,234.5', 'backspace')).toBe('1,234.');
    expect(pressKey('1,234.', 'backspace')).toBe('1,234');
    expect(pressKey('0.', 'backspace')).toBe('0');
  });

  it('resets to 0 when backspace removes the only character', () => {
    expect(pressKey('7', 'backspace')).toBe('0');
    expect(pressKey('0', 'backspace')).toBe('0');
  });

  it('treats an empty display as 0', () => {
    expect(pressKey('', '5')).toBe('5');
    expect(pressKey('', '.')).toBe('0.');
  });

  it('ignores keys it does not know', () => {
    expect(pressKey('12', 'x' as KeypadKey)).toBe('12');
  });

  it('only ever shows an amount the rules allow, whatever is pressed', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...allKeys), { maxLength: 40 }), (keys) => {
        const shown = typeKeys(keys);
        expect(shown).toMatch(/^(0|[1-9]\d{0,2}(,\d{3})?)(\.\d{0,2})?$/);
        expect(keypadDisplayToCents(shown)).toBeLessThanOrEqual(9_999_999);
      }),
    );
  });

  it('undoes any key that changed the display with one backspace', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...allKeys), { maxLength: 40 }), fc.constantFrom(...allKeys), (keys, key) => {
        const before = typeKeys(keys);
        const after = pressKey(before, key);
        fc.pre(key !== 'backspace' && after !== before);
        expect(pressKey(after, 'backspace')).toBe(before);
      }),
    );
  });
});

describe('keypadDisplayToCents', () => {
  it('reads the display as cents', () => {
    expect(keypadDisplayToCents('0')).toBe(0);
    expect(keypadDisplayToCents('0.')).toBe(0);
    expect(keypadDisplayToCents('0.05')).toBe(5);
    expect(keypadDisplayToCents('1,234.5')).toBe(123_450);
    expect(keypadDisplayToCents('99,999.99')).toBe(9_999_999);
  });

  it('throws on text the keypad cannot show, naming it', () => {
    expect(() => keypadDisplayToCents('')).toThrow(RangeError);
    expect(() => keypadDisplayToCents('$12')).toThrow(new RangeError('Not a keypad amount: $12'));
    expect(() => keypadDisplayToCents('1.234')).toThrow(RangeError);
  });

  it('throws on anything after the amount, even what a typed amount may carry', () => {
    for (const display of ['12 ', '12$', '1,234.5 ', '12.50,']) {
      expect(() => keypadDisplayToCents(display)).toThrow(new RangeError(`Not a keypad amount: ${display}`));
    }
  });
});
