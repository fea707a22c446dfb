import { localDateAt, startOfLocalDay } from './billing-month';
import { daysLate, lateFeesAreOn, lateFeesThroughDay, lateFrom, type LateFeePolicy } from './late-fees';
import type { Cents } from './money';
import { type TenantJournal, tenantLedgerLines } from './tenant-balance';

/**
 * Which late fees a month's rent has come to (decision 0040): pure, so every run of the job, two at
 * once, a restart or a replay, works out the same fees from the same ledger.
 */

/** Kinds that are late fees: left out when asking whether rent is paid (no fee is charged on a fee). */
const FEE_KINDS: ReadonlySet<string> = new Set(['late_fee', 'late_fee_waiver']);

/**
 * What is still unpaid at an instant of the rent charged through a month: every journal up to `at`
 * (a payment made or a bank debit sent by then counts, as the balance counts it) but later months'
 * charges and all late fees and waivers. A tenant who paid the rent but not last month's late fee is
 * not late again: many states forbid a late fee on a late fee.
 */
export function rentUnpaidCents(journals: readonly TenantJournal[], monthChargedAt: Date, at: Date): Cents {
  const upTo = at.toISOString();
  const chargedThrough = monthChargedAt.toISOString();
  const counted = journals.filter(
    (journal) =>
      !FEE_KINDS.has(journal.kind) && journal.occurredAt <= upTo && (journal.kind !== 'rent_charge' || journal.occurredAt <= chargedThrough),
  );
  const lines = tenantLedgerLines(counted);
  return lines.length ? lines[lines.length - 1].balanceCents : 0;
}

/** One month's rent as the late fee job sees it. */
export interface LateMonth {
  /** When the month was charged (its due date, or the move-in): lateness counts from it. */
  chargedAt: Date;
  /** The month's whole rent, in effect when charged: the percentage is of it. */
  fullRentCents: Cents;
  /** The last day's fee already posted (1 is the fee when it became late); 0 for none. */
  lastDayPosted: number;
  /** All the fees already posted for the month, waived or not: the cap counts them all. */
  postedCents: Cents;
}

export interface LateFeeDue {
  /** 1: the fee when the rent became late; 2, 3, ...: each further day's amount. */
  day: number;
  amountCents: Cents;
  /** The start of that day of lateness on the landlord's calendar: the journal's date. */
  occurredAt: Date;
}

/**
 * Why a month needs no more work: paid by the deadline (`on_time`), paid after it (`paid`), or its
 * fees reached all the rule allows (`charged_in_full`: the cap, or no daily amount after the first).
 */
export type LateMonthOutcome = 'on_time' | 'paid' | 'charged_in_full';

export interface LateFeePlan {
  fees: LateFeeDue[];
  /** Null while more fees may yet come. */
  settled: LateMonthOutcome | null;
}

export interface LateFeePlanInput {
  month: LateMonth;
  policy: LateFeePolicy;
  timeZone: string;
  /** Days are judged once they have begun by this instant. */
  judgedAt: Date;
  /** What is unpaid of the month's rent at an instant (rentUnpaidCents over the tenancy's journals). */
  unpaidAt: (at: Date) => Cents;
}

/**
 * The fees to post now, oldest first: the fee when the rent becomes late (the flat amount and the
 * percentage of the full rent) if anything of it is unpaid at that moment, then for each later day
 * still unpaid at its start what lateFeesThroughDay adds beyond what is posted, never above the cap.
 * A day the rent is paid by ends the month: nothing more is ever charged for it.
 */
export function lateFeesDue({ month, policy, timeZone, judgedAt, unpaidAt }: LateFeePlanInput): LateFeePlan {
  const fees: LateFeeDue[] = [];
  if (!lateFeesAreOn(policy)) return { fees, settled: null };
  const lateAt = lateFrom(month.chargedAt, policy.graceDays, timeZone);
  const lastDay = daysLate(lateAt, judgedAt, timeZone);
  const first = localDateAt(lateAt, timeZone);
  let posted = month.postedCents;
  for (let day = month.lastDayPosted + 1; day <= lastDay; day++) {
    const dayStartsAt = startOfLocalDay(first.year, first.month, first.day + day - 1, timeZone);
    if (unpaidAt(dayStartsAt) <= 0) return { fees, settled: day === 1 ? 'on_time' : 'paid' };
    const amountCents = lateFeesThroughDay(policy, month.fullRentCents, day) - posted;
    if (amountCents > 0) {
      fees.push({ day, amountCents, occurredAt: dayStartsAt });
      posted += amountCents;
    }
    if (policy.dailyCents === 0 || (policy.monthlyCapCents !== null && posted >= policy.monthlyCapCents)) return { fees, settled: 'charged_in_full' };
  }
  return { fees, settled: null };
}
