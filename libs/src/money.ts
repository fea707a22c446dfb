/** Money is integer cents everywhere; these helpers are the only place dollars appear. */
export type Cents = number;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value;
}

/** 123456 -> '$1,234.56' */
export function formatCents(cents: Cents): string {
  return usd.format(assertCents(cents) / 100);
}

/** 12345 (dollars) -> '12,345' */
export function formatWholeDollars(dollars: number): string {
  return wholeDollars.format(dollars);
}

/** Whole dollars to cents without floating point surprises. */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isSafeInteger(dollars)) throw new RangeError(`Not whole dollars: ${dollars}`);
  return dollars * 100;
}

/**
 * Parses a typed amount such as '1,234.5' into cents, exactly (string arithmetic, no floats).
 * Returns null when the text is not a dollar amount with at most two decimals.
 */
export function parseDollarsToCents(text: string): Cents | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const whole = match[1] === '' ? 0 : Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}
