import { BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS } from './bank-debits';
import { type BillingMonth, shiftBillingMonth } from './billing-month';
import { cardBrandLabel } from './card-number';
import { type Cents, formatCents } from './money';
import { rentDueAt } from './rent-charges';
import { atLocalHour, DUE_SOON_DAYS, REMINDER_HOUR } from './rent-reminders';

/**
 * The rules of autopay (decision 0042). Pure; every time is read on the landlord's calendar, as the
 * rent charges and reminders are.
 */

/** How many days before the due day the tenant may have rent taken: up to 12, 3 by default. */
export const MAX_AUTOPAY_DAYS_BEFORE_DUE = 12;
export const DEFAULT_AUTOPAY_DAYS_BEFORE_DUE = 3;
/** The notice goes out this many days before each debit, at the reminders' hour. */
export const AUTOPAY_NOTICE_DAYS = DUE_SOON_DAYS;
/** Debits run from this hour of their day: early, so the money is on its way before the tenant's day begins. */
export const AUTOPAY_HOUR = 6;
/** A debit returned for insufficient funds is tried once more, this many days later (decision 0042). */
export const AUTOPAY_RETRY_DAYS = 3;
/** Autopay turns itself off after this many failed months in a row. */
export const AUTOPAY_FAILURES_TO_TURN_OFF = 2;
/** Changes to how the amount is worked out come with this much notice (the recurring mandate says so). */
export const AUTOPAY_CHANGE_NOTICE_DAYS = 7;

export type AutopayAmount = { kind: 'balance' } | { kind: 'fixed'; cents: Cents };

export function isAutopayDaysBeforeDue(days: number): boolean {
  return Number.isInteger(days) && days >= 0 && days <= MAX_AUTOPAY_DAYS_BEFORE_DUE;
}

/** When a month's automatic payment runs: `daysBeforeDue` days before its due day, from 6:00. */
export function autopayDebitAt(month: BillingMonth, dueDay: number, daysBeforeDue: number, timeZone: string): Date {
  return atLocalHour(month.year, month.month, dueDay - daysBeforeDue, AUTOPAY_HOUR, timeZone);
}

/** When the tenant is told of it: three days before the debit, at 9:00. */
export function autopayNoticeAt(month: BillingMonth, dueDay: number, daysBeforeDue: number, timeZone: string): Date {
  return atLocalHour(month.year, month.month, dueDay - daysBeforeDue - AUTOPAY_NOTICE_DAYS, REMINDER_HOUR, timeZone);
}

/**
 * The last moment a month's automatic payment may still start: the end of its due day. A worker
 * down over the debit day still pays on the due day; after it, the tenant pays by hand (and the
 * reminders say so), rather than autopay taking money days late without notice.
 */
export function autopayWindowEnd(month: BillingMonth, dueDay: number, timeZone: string): Date {
  return new Date(rentDueAt(month, dueDay, timeZone).getTime() + 86_400_000);
}

export interface AutopaySchedule {
  dueDay: number;
  daysBeforeDue: number;
  timeZone: string;
  /** When autopay was turned on: a month whose debit time had passed by then is the tenant's to pay by hand. */
  turnedOnAt: Date;
}

/** The rent month whose automatic payment is next at `at`: the first whose debit is still ahead or running. */
export function nextAutopayMonth(at: Date, schedule: AutopaySchedule, currentMonth: BillingMonth): BillingMonth {
  // The debit of a month can fall in the month before (due the 1st, 3 days before): look one back.
  for (let month = shiftBillingMonth(currentMonth, -1); ; month = shiftBillingMonth(month, 1)) {
    const debitAt = autopayDebitAt(month, schedule.dueDay, schedule.daysBeforeDue, schedule.timeZone);
    if (debitAt.getTime() < schedule.turnedOnAt.getTime()) continue;
    if (at.getTime() < autopayWindowEnd(month, schedule.dueDay, schedule.timeZone).getTime()) return month;
  }
}

/**
 * What the tenant owes on the debit day: the balance, plus the rent of each month up to the debit's
 * own that is not charged yet (a debit before the due day pays the rent about to fall due; an estimate
 * weeks ahead counts the months falling due in between). Never below zero.
 */
export function autopayDueCents(balanceCents: Cents, unchargedRentsCents: readonly Cents[]): Cents {
  return Math.max(0, unchargedRentsCents.reduce((sum, rent) => sum + rent, balanceCents));
}

/** The months from `from` through `through`, in order (none when `through` is earlier). */
export function monthsThrough(from: BillingMonth, through: BillingMonth): BillingMonth[] {
  const months: BillingMonth[] = [];
  for (let month = from; month.year * 12 + month.month <= through.year * 12 + through.month; month = shiftBillingMonth(month, 1)) months.push(month);
  return months;
}

/** The amount to take: what is due, or the tenant's fixed amount, never more than what is due. */
export function autopayAmountCents(amount: AutopayAmount, dueCents: Cents): Cents {
  return amount.kind === 'balance' ? dueCents : Math.min(amount.cents, dueCents);
}

/**
 * Whether a failed automatic payment is tried again (decision 0042): only a bank debit returned for
 * insufficient funds, once. Nacha allows two retries of such an entry within 180 days; we use one,
 * so the tenant is not surprised by a third debit. A card decline is never retried off-session (the
 * networks penalise blind retries), nor is a closed, missing or unauthorised account.
 */
export function autopayRetries(failureCode: string | null, method: 'bank_debit' | 'card', attempt: number): boolean {
  return method === 'bank_debit' && failureCode === 'insufficient_funds' && attempt === 1;
}

export function describeAutopayAmount(amount: AutopayAmount): string {
  return amount.kind === 'balance' ? 'the balance due on that day' : `${formatCents(amount.cents)}, or the balance due if it is less`;
}

/**
 * The wording of autopay's standing authorizations, from a bank account (autopayMandateText) and
 * from a card (autopayCardAuthorizationText), versioned like the one-time mandate's: a change to
 * either text takes a new version, so nobody turns autopay on under words they were not shown.
 */
export const AUTOPAY_MANDATE_VERSION = '2026-11-29';

export interface AutopayMandateTerms {
  tenantName: string;
  landlordName: string;
  propertyAddress: string;
  bankName: string;
  last4: string;
  amount: AutopayAmount;
  daysBeforeDue: number;
  dueDay: number;
}

function dayWords(daysBeforeDue: number, dueDay: number): string {
  const due = `the ${ordinal(dueDay)} of the month`;
  if (daysBeforeDue === 0) return `on ${due}, when rent is due`;
  return `${daysBeforeDue} day${daysBeforeDue === 1 ? '' : 's'} before rent is due on ${due}`;
}

export function ordinal(day: number): string {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * The standing authorisation a tenant accepts when turning autopay on from a bank account: who
 * debits, how often, how the amount is worked out, the notice of changes and how to stop it.
 */
export function autopayMandateText(terms: AutopayMandateTerms): string {
  return [
    `I, ${terms.tenantName}, authorize ${terms.landlordName}, through Rentwise and its payment processor Stripe,`,
    `to debit my ${terms.bankName} account ending in ${terms.last4} every month, ${dayWords(terms.daysBeforeDue, terms.dueDay)},`,
    `for ${describeAutopayAmount(terms.amount)}, to pay rent for ${terms.propertyAddress}.`,
    `I will be emailed the date and amount ${AUTOPAY_NOTICE_DAYS} days before each debit.`,
    `Any change to how the amount is worked out will be notified to me at least ${AUTOPAY_CHANGE_NOTICE_DAYS} days before it applies.`,
    `Each debit usually settles within ${BANK_DEBIT_SETTLEMENT_BUSINESS_DAYS} business days.`,
    `I can skip a month, change these terms or revoke this authorization at any time in Rentwise before a debit starts.`,
  ].join(' ');
}

export interface AutopayCardAuthorizationTerms extends Omit<AutopayMandateTerms, 'bankName'> {
  /** The card's brand as the provider names it ('visa'). */
  brand: string;
  /** The tenant's processing fee added to each card payment. */
  processingFeeCents: Cents;
}

/**
 * The standing authorization a tenant accepts when turning autopay on from a saved card, which is
 * then charged without them (off-session): who charges, which card, how often, how the amount is
 * worked out with the card fee on top, the notice before each payment and how to stop it. The card
 * networks ask a merchant to keep such an agreement for every stored-card series of payments.
 */
export function autopayCardAuthorizationText(terms: AutopayCardAuthorizationTerms): string {
  return [
    `I, ${terms.tenantName}, authorize ${terms.landlordName}, through Rentwise and its payment processor Stripe,`,
    `to charge my ${cardBrandLabel(terms.brand)} card ending in ${terms.last4} every month, ${dayWords(terms.daysBeforeDue, terms.dueDay)},`,
    `for ${describeAutopayAmount(terms.amount)}, plus the ${formatCents(terms.processingFeeCents)} card processing fee, to pay rent for ${terms.propertyAddress}.`,
    `The card is charged while I am not present, using the card details I saved with Stripe.`,
    `I will be emailed the date and amount ${AUTOPAY_NOTICE_DAYS} days before each payment.`,
    `Any change to how the amount is worked out will be notified to me at least ${AUTOPAY_CHANGE_NOTICE_DAYS} days before it applies.`,
    `I can skip a month, change these terms or revoke this authorization at any time in Rentwise before a payment starts.`,
  ].join(' ');
}
