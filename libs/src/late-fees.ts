import { localDateAt, startOfLocalDay } from './billing-month';
import { assertCents, type Cents } from './money';

/**
 * A landlord's late fee rule for a property (decision 0039). Off unless a flat amount, a percentage
 * or a daily amount is set. The fee is the landlord's, by their lease; many states cap it.
 */
export interface LateFeePolicy {
  /** Days after the due date the rent may still be paid without a fee. */
  graceDays: number;
  /** Charged once when the rent becomes late. */
  flatCents: Cents;
  /** Charged once when the rent becomes late: hundredths of a percent of the month's rent (500 = 5%). */
  percentBasisPoints: number;
  /** Charged for each further day the rent stays unpaid. */
  dailyCents: Cents;
  /** The most a month's late fees come to, all together; null for no cap. */
  monthlyCapCents: Cents | null;
}

export const LATE_FEES_OFF: LateFeePolicy = { graceDays: 5, flatCents: 0, percentBasisPoints: 0, dailyCents: 0, monthlyCapCents: null };
export const MAX_GRACE_DAYS = 20;
/** A percentage above this is no late fee a court would let stand anywhere. */
export const MAX_LATE_FEE_BASIS_POINTS = 2_000;
export const MAX_LATE_FEE_CENTS: Cents = 100_000;

export function lateFeesAreOn(policy: LateFeePolicy): boolean {
  return policy.flatCents > 0 || policy.percentBasisPoints > 0 || policy.dailyCents > 0;
}

/**
 * The instant rent becomes late: the first moment after the grace period. Due on the 1st with 5 days'
 * grace, rent paid any time on the 6th is on time, and late from the start of the 7th (as New York's
 * "more than 5 days late" reads). A tenancy that began after the due date counts from its move-in day.
 */
export function lateFrom(chargedAt: Date, graceDays: number, timeZone: string): Date {
  if (!Number.isInteger(graceDays) || graceDays < 0 || graceDays > MAX_GRACE_DAYS) throw new RangeError(`Not a grace period: ${graceDays}`);
  const day = localDateAt(chargedAt, timeZone);
  return startOfLocalDay(day.year, day.month, day.day + graceDays + 1, timeZone);
}

/** What the rent is late by at an instant: whole days since it became late, counting the first (0 when not late). */
export function daysLate(lateFromAt: Date, at: Date, timeZone: string): number {
  if (at.getTime() < lateFromAt.getTime()) return 0;
  const from = localDateAt(lateFromAt, timeZone);
  const now = localDateAt(at, timeZone);
  return Math.round((Date.UTC(now.year, now.month - 1, now.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000) + 1;
}

/** The fee charged once when rent becomes late: the flat amount plus the percentage of the rent (half up), within the cap. */
export function initialLateFeeCents(policy: LateFeePolicy, rentCents: Cents): Cents {
  return lateFeesThroughDay(policy, rentCents, 1);
}

/**
 * All the late fees a month's rent has come to after so many days late: the initial fee on the first
 * day, then the daily amount for each further day, never above the monthly cap.
 */
export function lateFeesThroughDay(policy: LateFeePolicy, rentCents: Cents, lateDays: number): Cents {
  assertCents(rentCents);
  if (lateDays <= 0 || !lateFeesAreOn(policy)) return 0;
  const percentOfRent = Math.floor((rentCents * policy.percentBasisPoints * 2 + 10_000) / 20_000);
  const total = policy.flatCents + percentOfRent + policy.dailyCents * (lateDays - 1);
  return policy.monthlyCapCents === null ? total : Math.min(total, policy.monthlyCapCents);
}

/** A state rule the settings page warns about; not legal advice, and not enforced (leases and states differ). */
export interface StateLateFeeNote {
  state: string;
  text: string;
}

export const LATE_FEE_STATE_NOTES: readonly StateLateFeeNote[] = [
  { state: 'NY', text: 'New York: at most $50 or 5% of the rent, whichever is less, and only after rent is more than 5 days late.' },
  { state: 'CA', text: 'California: a late fee must be a reasonable estimate of the landlord’s cost of the late payment.' },
  { state: 'MA', text: 'Massachusetts: no late fee until rent is 30 days late.' },
  { state: 'IL', text: 'Illinois: at most $20, or 20% of the rent above $1,000, for a first late fee.' },
];
