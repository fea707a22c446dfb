import { MESSAGES } from './messages';

/**
 * Rent a landlord received outside Rentwise and recorded (decision 0043): cash, a check, a money order
 * or another way. The words and date rules shared by the form, the server and the receipt.
 */

export const RECORDED_PAYMENT_METHODS = ['cash', 'check', 'money_order', 'other'] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

/** A check number, a money order's serial, a note for another way: one line, this long at most. */
export const RECORDED_PAYMENT_REFERENCE_MAX_LENGTH = 40;
export const VOID_REASON_MAX_LENGTH = 500;

/**
 * The ledger account the landlord's side of a recorded payment goes to: money already in the
 * landlord's hands, never on a provider's balance, so never in a payout or a reconciliation.
 */
export const RECEIVED_BY_LANDLORD_ACCOUNT = 'received_by_landlord';

export const RECORDED_PAYMENT_METHOD_WORDS: Record<RecordedPaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  money_order: 'Money order',
  other: 'Other',
};

/** A number as people write it on a receipt: one leading '#' or 'No.' is the label's, not the number's. */
const withoutNumberSign = (reference: string): string => reference.replace(/^(#|no\.?)\s*/i, '');

/** 'Cash', 'Check #1234', 'Money order #0042', 'Other (Zelle)': the method as a receipt names it. */
export function recordedPaymentMethodLabel(method: RecordedPaymentMethod, reference: string | null): string {
  const words = RECORDED_PAYMENT_METHOD_WORDS[method];
  if (!reference) return words;
  return method === 'check' || method === 'money_order' ? `${words} #${withoutNumberSign(reference)}` : `${words} (${reference})`;
}

/**
 * The journal's description. Histories show the text after its first colon ('Check #1234, recorded
 * by landlord'), so the method's label comes after the one colon the prefix puts there.
 */
export function recordedPaymentDescription(method: RecordedPaymentMethod, reference: string | null): string {
  return `Rent payment: ${recordedPaymentMethodLabel(method, reference)}, recorded by landlord`;
}

/** The void's description: both ledgers show it as the line's words. */
export function recordedPaymentVoidDescription(reason: string): string {
  return `Recorded payment voided: ${reason}`;
}

/**
 * Why a recorded payment's date cannot be taken, or null: not after today, not before the tenancy
 * began (both 'YYYY-MM-DD' on the landlord's calendar, which the server knows and the browser may not).
 */
export function receivedOnProblem(receivedOn: string, { today, tenancyStartedOn }: { today: string; tenancyStartedOn: string }): string | null {
  if (receivedOn > today) return MESSAGES.receivedOnInFuture;
  if (receivedOn < tenancyStartedOn) return MESSAGES.receivedOnBeforeTenancy;
  return null;
}

/** 'YYYY-MM-DD' that names a day of the calendar (not 2025-02-30), years 2000 to 2099. */
export function isCalendarDate(text: string): boolean {
  const match = /^(20\d\d)-(\d\d)-(\d\d)$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
