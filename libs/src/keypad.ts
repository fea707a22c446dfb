import { parseDollarsToCents, type Cents } from './money';

export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'backspace';

export const KEYPAD_START = '0';
export const KEYPAD_MAX_WHOLE_DOLLARS = 99999;
const MAX_DECIMALS = 2;

const DIGIT = /^[0-9]$/;

function withThousandsSeparators(wholeDigits: string): string {
  return wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Rebuilds the display from its digits and point, so separators always sit in the right places. */
function toDisplay(raw: string): string {
  if (raw === '') return KEYPAD_START;
  const pointAt = raw.indexOf('.');
  if (pointAt === -1) return withThousandsSeparators(raw);
  return withThousandsSeparators(raw.slice(0, pointAt)) + raw.slice(pointAt);
}

/** The keypad as a reducer: the display after pressing one key. Keys that break a rule do nothing. */
export function pressKey(display: string, key: KeypadKey): string {
  const raw = display.replace(/,/g, '') || KEYPAD_START;
  const pointAt = raw.indexOf('.');

  if (key === 'backspace') return raw.length <= 1 ? KEYPAD_START : toDisplay(raw.slice(0, -1));

  if (key === '.') return pointAt === -1 ? toDisplay(raw + '.') : toDisplay(raw);

  if (!DIGIT.test(key)) return toDisplay(raw);

  if (pointAt !== -1) {
    return raw.length - pointAt - 1 >= MAX_DECIMALS ? toDisplay(raw) : toDisplay(raw + key);
  }
  const whole = raw === '0' ? key : raw + key;
  return Number(whole) > KEYPAD_MAX_WHOLE_DOLLARS ? toDisplay(raw) : toDisplay(whole);
}

/** '1,234.5' -> 123450. Throws on text the keypad cannot produce, which would be a bug upstream. */
export function keypadDisplayToCents(display: string): Cents {
  const cents = /^[\d,]+(\.\d{0,2})?$/.test(display) ? parseDollarsToCents(display) : null;
  if (cents === null) throw new RangeError(`Not a keypad amount: ${display}`);
  return cents;
}
