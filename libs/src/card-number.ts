/** Card numbers as typed: digits with optional spaces or dashes. */
export function cardNumberDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries; catches a mistyped digit before any network call. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** The brand by its leading digits (enough for a receipt's 'Visa •••• 4242'). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** 'Visa' for 'visa', as people write it; 'Card' when the brand is not known. */
export function cardBrandLabel(brand: string | null): string {
  return (brand && BRAND_LABELS[brand]) ?? 'Card';
}

/** 'Visa •••• 4242' for a receipt; 'Card' when nothing is known. */
export function paymentMethodLabel(brand: string | null, last4: string | null): string {
  const name = cardBrandLabel(brand);
  return last4 ? `${name} •••• ${last4}` : name;
}
