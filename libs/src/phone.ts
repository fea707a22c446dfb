/** US phone numbers, shown as (999) 999-9999 and stored in that form. */

const NATIONAL_DIGITS = 10;

/** The ten national digits; a leading country code 1 on an 11-digit number is dropped. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === NATIONAL_DIGITS + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * Formats as the user types: '555' -> '(555', '5551' -> '(555) 1', '5551234567' -> '(555) 123-4567'.
 * It never ends on a separator, so backspace always removes a digit instead of fighting the mask.
 */
export function formatPhoneInput(typed: string): string {
  const digits = phoneDigits(typed).slice(0, NATIONAL_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function isCompletePhone(phone: string): boolean {
  return phoneDigits(phone).length === NATIONAL_DIGITS;
}

/** 'tel:+15551234567' for a Call link. */
export function telHref(phone: string): string {
  return `tel:+1${phoneDigits(phone)}`;
}
