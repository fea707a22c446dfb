import { cardBrandOf, isLuhnValid, type CardBrand } from '@rentwise/libs/card-number';
import { MESSAGES } from '@rentwise/libs/messages';

/**
 * How a sandbox card behaves when saved and when charged: Stripe's documented test cards and their
 * messages (https://docs.stripe.com/testing). Like Stripe, a refused card is accepted by the card
 * form and fails only when used, with the provider's own message for the card holder.
 * - charge_customer_fail (4000 0000 0000 0341): saved for later without trouble, every charge declined.
 * - authentication_required (4000 0027 6000 3184): asks for 3-D Secure on every payment, so a charge
 *   without the tenant (autopay) is declined, and one on the payment screen needs a step this flow
 *   does not offer.
 */
export type TestCardOutcome =
  | 'succeeds'
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'charge_customer_fail'
  | 'authentication_required';

export interface TestCardRefusal {
  /** The error code Stripe answers with. */
  code: string;
  /** The decline code Stripe reports beside the error code. */
  declineCode: string;
  message: string;
}

/** The cards declined whenever they are used, saving them included (Stripe checks a card with its bank as it is saved). */
type AlwaysDeclined = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc';

export const TEST_CARD_REFUSALS: Record<AlwaysDeclined, TestCardRefusal> = {
  card_declined: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'insufficient_funds',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

/** Stripe's answer to charging a card that needs 3-D Secure while the card holder is away (off_session). */
const AUTHENTICATION_REQUIRED: TestCardRefusal = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/** On the payment screen such a card waits for 3-D Secure (requires_action), which this flow does not offer: the Stripe adapter's decline. */
const NEEDS_AUTHENTICATION: TestCardRefusal = {
  code: 'payment_intent_requires_action',
  declineCode: 'authentication_required',
  message: MESSAGES.cardNeedsAuthentication,
};

/** How a test card answers a charge: null when it is charged. */
export function testCardChargeRefusal(outcome: TestCardOutcome, { offSession }: { offSession: boolean }): TestCardRefusal | null {
  switch (outcome) {
    case 'succeeds':
      return null;
    case 'charge_customer_fail':
      return TEST_CARD_REFUSALS.card_declined;
    case 'authentication_required':
      return offSession ? AUTHENTICATION_REQUIRED : NEEDS_AUTHENTICATION;
    default:
      return TEST_CARD_REFUSALS[outcome];
  }
}

/**
 * How a test card answers being saved for later (a SetupIntent, or attaching it to a customer): a card
 * declined whenever used is declined here already; 0341 and 3184 are saved (3184's 3-D Secure passed
 * in the tenant's browser), and fail only when charged.
 */
export function testCardSetupRefusal(outcome: TestCardOutcome): TestCardRefusal | null {
  return outcome in TEST_CARD_REFUSALS ? TEST_CARD_REFUSALS[outcome as AlwaysDeclined] : null;
}

const TEST_CARDS: Record<string, TestCardOutcome> = {
  '4242424242424242': 'succeeds',
  '4000056655665556': 'succeeds', // Visa debit
  '5555555555554444': 'succeeds',
  '2223003122003222': 'succeeds',
  '378282246310005': 'succeeds',
  '6011111111111117': 'succeeds',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000341': 'charge_customer_fail',
  '4000002760003184': 'authentication_required',
};

/** Stripe's card form refuses these before a payment method exists (status 402, type card_error). */
export const CARD_FORM_MESSAGES = {
  invalidNumber: 'Your card number is invalid.',
  notATestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  expiryInPast: "Your card's expiration year is in the past.",
  invalidCvc: "Your card's security code is invalid.",
} as const;

export interface CardEntry {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck =
  | { ok: true; brand: CardBrand; last4: string; outcome: TestCardOutcome }
  | { ok: false; message: string };

/** What the sandbox's card form says about a card, before any charge. `now` decides whether it has expired. */
export function checkTestCard(entry: CardEntry, now: Date): CardCheck {
  const digits = entry.number.replace(/[\s-]/g, '');
  if (!isLuhnValid(digits)) return { ok: false, message: CARD_FORM_MESSAGES.invalidNumber };
  if (!Number.isInteger(entry.expMonth) || entry.expMonth < 1 || entry.expMonth > 12) {
    return { ok: false, message: CARD_FORM_MESSAGES.invalidExpiryMonth };
  }
  const year = entry.expYear < 100 ? 2000 + entry.expYear : entry.expYear;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && entry.expMonth < thisMonth)) {
    return { ok: false, message: CARD_FORM_MESSAGES.expiryInPast };
  }
  if (!/^\d{3,4}$/.test(entry.cvc)) return { ok: false, message: CARD_FORM_MESSAGES.invalidCvc };
  const outcome = TEST_CARDS[digits];
  if (!outcome) return { ok: false, message: CARD_FORM_MESSAGES.notATestCard };
  return { ok: true, brand: cardBrandOf(digits), last4: digits.slice(-4), outcome };
}

/** Stripe US card pricing (2.9% + 30¢), so the sandbox records a realistic processor fee. */
export function sandboxProcessorFeeCents(amountCents: number): number {
  return Math.round(amountCents * 0.029) + 30;
}
