import { z } from 'zod/mini';
import { LATE_FEES_OFF, type LateFeePolicy, MAX_GRACE_DAYS, MAX_LATE_FEE_BASIS_POINTS, MAX_LATE_FEE_CENTS } from '../late-fees';
import { MESSAGES } from '../messages';
import { type Cents, parseDollarsToCents } from '../money';
import { isRentDueDay } from '../rent-charges';
import { isSingleLineText } from '../text';

/**
 * A property's rent terms (decision 0040): the day rent falls due and the late fee rule. The form
 * types dollars and a percentage as text ('12.50', '5'); the endpoint gets cents and basis points.
 */

/** A whole number as typed ('5') or sent (5). */
const wholeNumber = (message: string, isValid: (value: number) => boolean) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.number()], { error: message }),
      z.transform((value: string | number) => (typeof value === 'number' ? value : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN)),
    ),
    z.number({ error: message }).check(z.refine(isValid, message)),
  );

const centsOf = (value: string | number): Cents | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? parseDollarsToCents(String(value)) : null;
  return value.trim() === '' ? 0 : parseDollarsToCents(value);
};

/** Dollars and cents as typed ('12.50', '$1,000', '' for none) or sent as a number of dollars; out come cents. */
const dollarsField = z.pipe(
  z.pipe(z.union([z.string(), z.number()], { error: MESSAGES.lateFeeAmountInvalid }), z.transform(centsOf)),
  z.number({ error: MESSAGES.lateFeeAmountInvalid }).check(z.refine((cents) => cents <= MAX_LATE_FEE_CENTS, MESSAGES.lateFeeAmountInvalid)),
);

/** '5' or '2.5' (percent, at most two decimals) to basis points: 500, 250. */
export function percentToBasisPoints(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/%$/, '').trim();
  if (text === '') return 0;
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
  if (!match) return null;
  return (match[1] === '' ? 0 : Number(match[1])) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const percentField = z.pipe(
  z.pipe(z.union([z.string(), z.number()], { error: MESSAGES.lateFeePercentInvalid }), z.transform(percentToBasisPoints)),
  z.number({ error: MESSAGES.lateFeePercentInvalid }).check(z.refine((points) => points <= MAX_LATE_FEE_BASIS_POINTS, MESSAGES.lateFeePercentInvalid)),
);

export const rentTermsSchema = z.pipe(
  z
    .object({
      dueDay: wholeNumber(MESSAGES.rentDueDayInvalid, isRentDueDay),
      lateFeesOn: z.boolean({ error: MESSAGES.invalidRequest }),
      graceDays: wholeNumber(MESSAGES.graceDaysInvalid, (days) => Number.isInteger(days) && days >= 0 && days <= MAX_GRACE_DAYS),
      flatFee: dollarsField,
      percentFee: percentField,
      dailyFee: dollarsField,
      /** Empty for none; required with a daily amount. */
      monthlyCap: dollarsField,
    })
    .check(
      z.refine((terms) => !terms.lateFeesOn || terms.flatFee > 0 || terms.percentFee > 0 || terms.dailyFee > 0, {
        error: MESSAGES.lateFeeRuleEmpty,
        path: ['flatFee'],
        when: unlessAnyIssue,
      }),
      // A daily amount with no end would grow for as long as the rent stays unpaid.
      z.refine((terms) => !terms.lateFeesOn || terms.dailyFee === 0 || terms.monthlyCap >= 100, {
        error: MESSAGES.lateFeeCapRequired,
        path: ['monthlyCap'],
        when: unlessAnyIssue,
      }),
    ),
  z.transform(({ dueDay, lateFeesOn, graceDays, flatFee, percentFee, dailyFee, monthlyCap }): RentTerms => ({
    dueDay,
    lateFees: lateFeesOn
      ? { graceDays, flatCents: flatFee, percentBasisPoints: percentFee, dailyCents: dailyFee, monthlyCapCents: monthlyCap > 0 ? monthlyCap : null }
      : { ...LATE_FEES_OFF, graceDays },
  })),
);

function unlessAnyIssue({ issues }: z.core.ParsePayload): boolean {
  return issues.length === 0;
}

/** A property's rent terms as the endpoint takes and the property's answer shows them. */
export interface RentTerms {
  dueDay: number;
  lateFees: LateFeePolicy;
}

/** What the Rent & late fees form holds. */
export type RentTermsFormValues = z.input<typeof rentTermsSchema>;
export type RentTermsInput = z.output<typeof rentTermsSchema>;

const dollarsText = (cents: Cents): string => (cents === 0 ? '' : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
const percentText = (basisPoints: number): string => (basisPoints === 0 ? '' : String(basisPoints / 100));

/** The form's values for saved terms (the inverse of the schema). */
export function rentTermsFormValues({ dueDay, lateFees }: RentTerms): RentTermsFormValues {
  const on = lateFees.flatCents > 0 || lateFees.percentBasisPoints > 0 || lateFees.dailyCents > 0;
  return {
    dueDay: String(dueDay),
    lateFeesOn: on,
    graceDays: String(lateFees.graceDays),
    flatFee: dollarsText(lateFees.flatCents),
    percentFee: percentText(lateFees.percentBasisPoints),
    dailyFee: dollarsText(lateFees.dailyCents),
    monthlyCap: lateFees.monthlyCapCents === null ? '' : dollarsText(lateFees.monthlyCapCents),
  };
}

export const WAIVER_REASON_MAX_LENGTH = 500;

/** A landlord waiving a late fee: the reason goes into the waiver's description on both ledgers. */
export const lateFeeWaiverSchema = z.object({
  reason: z
    .string({ error: MESSAGES.waiverReasonRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: MESSAGES.waiverReasonRequired, abort: true }),
      z.maxLength(WAIVER_REASON_MAX_LENGTH, MESSAGES.waiverReasonTooLong),
      z.refine(isSingleLineText, MESSAGES.unsupportedCharacters),
    ),
});

export type LateFeeWaiverFormValues = z.input<typeof lateFeeWaiverSchema>;
export type LateFeeWaiverInput = z.output<typeof lateFeeWaiverSchema>;
