/** A property address: stored and shown as one string, entered as parts. */
export interface AddressParts {
  readonly line1: string;
  readonly line2?: string;
  readonly city: string;
  /** Two letters, upper case. */
  readonly state: string;
  /** Five digits. */
  readonly zip: string;
}

/** The spec rejects addresses whose parts together are shorter than this. */
export const MIN_ADDRESS_LENGTH = 10;

export function isStateCode(state: string): boolean {
  return /^[A-Za-z]{2}$/.test(state.trim());
}

export function isZipCode(zip: string): boolean {
  return /^\d{5}$/.test(zip.trim());
}

/** Trims every part, upper-cases the state and leaves out a blank line 2. */
export function normalizeAddressParts({ line1, line2, city, state, zip }: AddressParts): AddressParts {
  const trimmedLine2 = line2?.trim();
  return {
    line1: line1.trim(),
    ...(trimmedLine2 ? { line2: trimmedLine2 } : {}),
    city: city.trim(),
    state: state.trim().toUpperCase(),
    zip: zip.trim(),
  };
}

/** 'line1, line2, city, ST 12345' (line 2 only when given). */
export function composeAddress(parts: AddressParts): string {
  const { line1, line2, city, state, zip } = normalizeAddressParts(parts);
  return [line1, line2, city, `${state} ${zip}`].filter(Boolean).join(', ');
}

/**
 * Whether the parts could be a real US address: every required part present, a two-letter state,
 * a five-digit zip, and at least 10 characters across the parts (separators not counted).
 */
export function isPlausibleAddress(parts: AddressParts): boolean {
  const { line1, line2 = '', city, state, zip } = normalizeAddressParts(parts);
  if (!line1 || !city || !isStateCode(state) || !isZipCode(zip)) return false;
  return (line1 + line2 + city + state + zip).length >= MIN_ADDRESS_LENGTH;
}

/**
 * Reads a composed address back into parts, or null when it does not end in 'ST 12345'.
 * Best effort when a part itself contains a comma: the first segment is line 1, the one before
 * the state is the city, and anything between is line 2.
 */
export function splitAddress(address: string): AddressParts | null {
  const segments = address.split(',').map((s) => s.trim());
  const stateAndZip = /^([A-Za-z]{2})\s+(\d{5})$/.exec(segments.pop() ?? '');
  if (!stateAndZip || segments.length < 2 || segments.some((s) => s === '')) return null;
  const line1 = segments[0];
  const city = segments[segments.length - 1];
  const line2 = segments.slice(1, -1).join(', ');
  return normalizeAddressParts({ line1, line2, city, state: stateAndZip[1], zip: stateAndZip[2] });
}
