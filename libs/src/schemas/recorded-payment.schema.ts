import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { type Cents, parseDollarsToCents } from '../money';
import { MAX_PAYMENT_CENTS } from '../payment-rules';
import {
  isCalendarDate,
  RECORDED_PAYMENT_METHODS,
  RECORDED_PAYMENT_REFERENCE_MAX_LENGTH,
  type RecordedPaymentMethod,
  VOID_REASON_MAX_LENGTH,
} from '../recorded-payments';
import { isSingleLineText } from '../text';
import { unlessFieldsHaveIssues } from './fields';

/**
 * POST /api/landlord/recorded-payments and the Record a payment form (decision 0043): what the
 * landlord typed ('1,500.00', '2026-03-05') goes to the server as typed; out come cents and a
 * reference or null. Whether the date is after the move-in and not after today is the server's to
 * say (receivedOnProblem): it knows the landlord's calendar and the tenancy.
 */

const centsOf = (value: string | number): Cents | null =>
  typeof value === 'number' ? (Number.isFinite(value) ? parseDollarsToCents(String(value)) : null) : parseDollarsToCents(value);

/** Dollars as typed ('$1,500', '1500.00') or sent as a number of dollars: more than nothing, at most what a payment may be. */
const amountField = z.pipe(
  z.pipe(z.union([z.string(), z.number()], { error: MESSAGES.recordedAmountInvalid }), z.transform(centsOf)),
  z
    .number({ error: MESSAGES.recordedAmountInvalid })
    .check(z.refine((cents) => cents > 0 && cents <= MAX_PAYMENT_CENTS, MESSAGES.recordedAmountInvalid)),
);

const referenceField = z
  .string({ error: MESSAGES.invalidRequest })
  .check(
    z.trim(),
    z.maxLength(RECORDED_PAYMENT_REFERENCE_MAX_LENGTH, { error: MESSAGES.referenceTooLong, abort: true }),
    z.refine(isSingleLineText, MESSAGES.unsupportedCharacters),
  );

export const recordedPaymentSchema = z.pipe(
  z
    .object({
      propertyId: z.uuid({ error: MESSAGES.invalidRequest }),
      tenantUserId: z.uuid({ error: MESSAGES.invalidRequest }),
      receivedOn: z.string({ error: MESSAGES.receivedOnInvalid }).check(z.trim(), z.refine(isCalendarDate, MESSAGES.receivedOnInvalid)),
      amount: amountField,
      method: z.enum(RECORDED_PAYMENT_METHODS, { error: MESSAGES.recordedMethodRequired }),
      reference: z.optional(referenceField),
      /** One per payment the landlord records: sending it again records nothing twice. */
      idempotencyKey: z.uuid({ error: MESSAGES.unexpectedError }),
    })
    .check(
      // A check is known by its number: the landlord's and the tenant's bank statements show it.
      z.refine((payment) => payment.method !== 'check' || Boolean(payment.reference), {
        error: MESSAGES.checkNumberRequired,
        path: ['reference'],
        when: unlessFieldsHaveIssues('method', 'reference'),
      }),
    ),
  z.transform(
    ({ amount, reference, ...payment }): RecordedPaymentInput => ({ ...payment, amountCents: amount, reference: reference ? reference : null }),
  ),
);

/** What the endpoint works with. */
export interface RecordedPaymentInput {
  propertyId: string;
  tenantUserId: string;
  /** 'YYYY-MM-DD' on the landlord's calendar. */
  receivedOn: string;
  amountCents: Cents;
  method: RecordedPaymentMethod;
  reference: string | null;
  idempotencyKey: string;
}

/** What the Record a payment form holds. */
export type RecordedPaymentFormValues = z.input<typeof recordedPaymentSchema>;

/** POST /api/landlord/recorded-payments/:receiptId/void: the reason shows on both ledgers and the receipt. */
export const recordedPaymentVoidSchema = z.object({
  reason: z
    .string({ error: MESSAGES.voidReasonRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: MESSAGES.voidReasonRequired, abort: true }),
      z.maxLength(VOID_REASON_MAX_LENGTH, MESSAGES.voidReasonTooLong),
      z.refine(isSingleLineText, MESSAGES.unsupportedCharacters),
    ),
});

export type RecordedPaymentVoidFormValues = z.input<typeof recordedPaymentVoidSchema>;
export type RecordedPaymentVoidInput = z.output<typeof recordedPaymentVoidSchema>;
