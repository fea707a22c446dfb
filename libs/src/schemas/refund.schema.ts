import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { type Cents, parseDollarsToCents } from '../money';
import { MAX_PAYMENT_CENTS } from '../payment-rules';
import { REFUND_REASON_MAX_LENGTH } from '../refunds';
import { isSingleLineText } from '../text';

/**
 * A landlord refunds a payment from its receipt (decision 0044): the Refund form holds the amount as
 * typed ('50', '1,200.00') and the reason; POST /api/landlord/payments/:receiptId/refunds takes cents,
 * the reason and one idempotency key per refund. Whether the amount is more than is left is the
 * server's to say (it knows the refunds made meanwhile); the form checks it too, from the receipt.
 */

const reasonField = z
  .string({ error: MESSAGES.refundReasonRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: MESSAGES.refundReasonRequired, abort: true }),
    z.maxLength(REFUND_REASON_MAX_LENGTH, MESSAGES.refundReasonTooLong),
    z.refine(isSingleLineText, MESSAGES.unsupportedCharacters),
  );

export const refundSchema = z.object({
  amountCents: z
    .number({ error: MESSAGES.refundAmountInvalid })
    .check(z.refine((cents) => Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_PAYMENT_CENTS, MESSAGES.refundAmountInvalid)),
  reason: reasonField,
  /** One per refund the landlord confirms: sending it again refunds nothing twice. */
  idempotencyKey: z.uuid({ error: MESSAGES.unexpectedError }),
});

export type RefundInput = z.output<typeof refundSchema>;

/** The Refund form: the amount as typed, turned into cents. */
export const refundFormSchema = z.object({
  amount: z.pipe(
    z.pipe(z.string({ error: MESSAGES.refundAmountInvalid }), z.transform((text): Cents | null => parseDollarsToCents(text))),
    z.number({ error: MESSAGES.refundAmountInvalid }).check(z.refine((cents) => cents > 0 && cents <= MAX_PAYMENT_CENTS, MESSAGES.refundAmountInvalid)),
  ),
  reason: reasonField,
});

export type RefundFormValues = z.input<typeof refundFormSchema>;
export type RefundFormOutput = z.output<typeof refundFormSchema>;
