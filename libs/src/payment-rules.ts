import { KEYPAD_MAX_WHOLE_DOLLARS } from './keypad';
import type { Cents } from './money';

/** Confirming a payment needs a sign-in younger than this (spec section 9). */
export const SIGN_IN_FRESHNESS_MS = 30 * 60 * 1000;

/** 'If the last login was 30 or more minutes ago' the payment is refused: fresh means strictly younger. */
export function isSignInFresh(signedInAt: Date, now: Date): boolean {
  const age = now.getTime() - signedInAt.getTime();
  if (Number.isNaN(age)) throw new RangeError('Invalid date');
  return age < SIGN_IN_FRESHNESS_MS;
}

/** When the payment screen starts to say the sign-in is about to be too old to pay with. */
export const SIGN_IN_ENDING_NOTICE_MS = 5 * 60 * 1000;

/** How a sign-in stands for paying: fresh; ending within SIGN_IN_ENDING_NOTICE_MS; or stale (refused at Pay). */
export type SignInFreshness = 'fresh' | 'ending' | 'stale';

/**
 * The sign-in's standing at `now`, and when it next changes (null once stale), so a screen can tell
 * the tenant before they type an amount and a card that Pay would refuse.
 */
export function signInFreshness(signedInAt: Date, now: Date): { freshness: SignInFreshness; changesAt: Date | null } {
  const staleAt = signedInAt.getTime() + SIGN_IN_FRESHNESS_MS;
  const endingAt = staleAt - SIGN_IN_ENDING_NOTICE_MS;
  if (!isSignInFresh(signedInAt, now)) return { freshness: 'stale', changesAt: null };
  if (now.getTime() >= endingAt) return { freshness: 'ending', changesAt: new Date(staleAt) };
  return { freshness: 'fresh', changesAt: new Date(endingAt) };
}

/** The most a tenant can enter: a whole-dollar part of 99999 with two decimals ($99,999.99). */
export const MAX_PAYMENT_CENTS: Cents = KEYPAD_MAX_WHOLE_DOLLARS * 100 + 99;

/** An entered amount (fee excluded) the keypad could have produced: more than zero, at most $99,999.99. */
export function isPayableAmount(enteredCents: Cents): boolean {
  return Number.isSafeInteger(enteredCents) && enteredCents > 0 && enteredCents <= MAX_PAYMENT_CENTS;
}

/** The text after the first colon of a payment description, which the history list shows. */
export function paymentDescriptionDetail(description: string): string {
  const colon = description.indexOf(':');
  return colon === -1 ? description.trim() : description.slice(colon + 1).trim();
}

/** The description stored with a card payment of rent. */
export function rentPaymentDescription(propertyAddress: string): string {
  return `Rent payment: ${propertyAddress}`;
}

/**
 * A payment for the same home this soon after another is asked about first (issue 32): two tabs each
 * carry their own idempotency key, so only the tenant can say whether both are meant.
 */
export const REPEAT_PAYMENT_WINDOW_MS = 10 * 60 * 1000;

/** Whether a payment started at `previousAt` is recent enough to ask about another one now: strictly under 10 minutes. */
export function isRepeatPayment(previousAt: Date, now: Date): boolean {
  const age = now.getTime() - previousAt.getTime();
  if (Number.isNaN(age)) throw new RangeError('Invalid date');
  return age < REPEAT_PAYMENT_WINDOW_MS;
}

/** Whole minutes from `previousAt` to `now`, never below zero (another process's clock may run a little ahead). */
export function wholeMinutesBetween(previousAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - previousAt.getTime()) / 60_000));
}
