import { cardBrandOf, isLuhnValid, type CardBrand } from '@rentwise/libs/card-number';

/**
 * The Authorize.Net sandbox's documented behaviour (developer.authorize.net, "Testing Guide"), as
 * far as the product can tell it apart:
 * - Test cards are approved: 4111 1111 1111 1111, 4007 0000 0002 7, 4012 8888 1888 8 (Visa),
 *   5424 0000 0000 0015, 2223 0000 1030 9703 (Mastercard), 3700 0000 0000 002 (Amex),
 *   6011 0000 0000 0012 (Discover). Any other number is refused, as a test account refuses live cards.
 * - A bill-to ZIP of 46282 is declined (response code 2, reason 2 'This transaction has been declined.').
 * - With 4222 2222 2222 2 the dollar part of the amount is the response reason code: $2, $3 and $4
 *   decline (2, 3, 4), $27 is an address (AVS) mismatch (27); any other amount is approved.
 * - Accept.js's own checks come first, with its messages (E_WC_05, E_WC_06, E_WC_07, E_WC_08, E_WC_15).
 */
export const DECLINING_ZIP = '46282';
export const AMOUNT_TRIGGER_CARD = '4222222222222';

const APPROVED_TEST_CARDS = new Set([
  '4111111111111111',
  '4007000000027',
  '4012888818888',
  '5424000000000015',
  '2223000010309703',
  '370000000000002',
  '6011000000000012',
  AMOUNT_TRIGGER_CARD,
]);

/** Reason codes and texts the sandbox answers (the gateway's own words). */
export const REASONS: Record<string, { responseCode: '1' | '2' | '3'; text: string }> = {
  '1': { responseCode: '1', text: 'This transaction has been approved.' },
  '2': { responseCode: '2', text: 'This transaction has been declined.' },
  '3': { responseCode: '2', text: 'This transaction has been declined.' },
  '4': { responseCode: '2', text: 'This transaction has been declined.' },
  '11': { responseCode: '3', text: 'A duplicate transaction has been submitted.' },
  '27': { responseCode: '2', text: 'The transaction has been declined because of an AVS mismatch. The address provided does not match billing address of cardholder.' },
};

/** What the sandbox's tokenizer says about a card (Accept.js's codes and texts). */
export type NonceCheck =
  | { ok: true; brand: CardBrand; last4: string; amountTriggered: boolean }
  | { ok: false; code: string; text: string };

export function checkCardForNonce(card: { cardNumber: string; month: string; year: string; cardCode: string }, now: Date): NonceCheck {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!isLuhnValid(digits) && digits !== AMOUNT_TRIGGER_CARD) return { ok: false, code: 'E_WC_05', text: 'Please provide valid credit card number.' };
  const month = Number(card.month);
  if (!/^\d{1,2}$/.test(card.month) || month < 1 || month > 12) return { ok: false, code: 'E_WC_06', text: 'Please provide valid expiration month.' };
  if (!/^(\d{2}|\d{4})$/.test(card.year)) return { ok: false, code: 'E_WC_07', text: 'Please provide valid expiration year.' };
  const year = card.year.length === 2 ? 2000 + Number(card.year) : Number(card.year);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { ok: false, code: 'E_WC_08', text: 'Expiration date must be in the future.' };
  }
  if (!/^\d{3,4}$/.test(card.cardCode)) return { ok: false, code: 'E_WC_15', text: 'Please provide valid CVV.' };
  if (!APPROVED_TEST_CARDS.has(digits)) {
    return { ok: false, code: 'E_WC_05', text: 'Please provide valid credit card number. The sandbox takes only Authorize.Net test cards.' };
  }
  return { ok: true, brand: cardBrandOf(digits), last4: digits.slice(-4), amountTriggered: digits === AMOUNT_TRIGGER_CARD };
}

/** The reason code a charge gets: a declining ZIP, the amount trigger card's dollars, or approved. */
export function reasonCodeOf(charge: { amountCents: number; zip: string; amountTriggered: boolean }): string {
  if (charge.zip === DECLINING_ZIP) return '2';
  if (charge.amountTriggered) {
    const dollars = String(Math.floor(charge.amountCents / 100));
    if (REASONS[dollars] && dollars !== '11') return dollars;
  }
  return '1';
}
