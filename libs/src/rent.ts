import { dollarsToCents, formatWholeDollars, type Cents } from './money';

export const RENT_MIN_DOLLARS = 100;
export const RENT_MAX_DOLLARS = 99_999;
/**
 * The rent field takes up to 7 characters ('999,999'), one digit more than the maximum needs,
 * so an over-limit rent shows the range message instead of a digit silently refusing to appear.
 */
export const RENT_INPUT_MAX_LENGTH = 7;
const RENT_INPUT_MAX_DIGITS = 6;

/** Formats the rent field as typed: whole dollars only, no leading zero, commas between thousands. */
export function formatRentInput(typed: string): string {
  const wholePart = typed.split('.')[0];
  const digits = wholePart.replace(/\D/g, '').replace(/^0+/, '').slice(0, RENT_INPUT_MAX_DIGITS);
  return digits === '' ? '' : formatWholeDollars(Number(digits));
}

/** '1,500' or '$1500' -> 1500; null unless the text is a whole number of dollars. Range is not checked. */
export function parseRentDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$\s*/, '');
  const wellFormed = cleaned.includes(',') ? /^\d{1,3}(,\d{3})+$/.test(cleaned) : /^\d+$/.test(cleaned);
  if (!wellFormed) return null;
  const dollars = Number(cleaned.replace(/,/g, ''));
  return Number.isSafeInteger(dollars) ? dollars : null;
}

export function isRentInRange(dollars: number): boolean {
  return Number.isInteger(dollars) && dollars >= RENT_MIN_DOLLARS && dollars <= RENT_MAX_DOLLARS;
}

export function rentDollarsToCents(dollars: number): Cents {
  return dollarsToCents(dollars);
}

/** 150000 -> '1,500', to fill the rent field when editing a property. */
export function rentCentsToInput(rentCents: Cents): string {
  return formatWholeDollars(Math.floor(rentCents / 100));
}
