import { z } from 'zod/mini';
import { MESSAGES, paymentFieldsNotTakenMessage } from '../messages';
import { MAX_PAYMENT_CENTS } from '../payment-rules';

/** Names that say card data, which never comes here (a number, an expiry, a security code). */
const CARD_DATA_FIELD = /card|number|pan|cvc|cvv|csc|exp|security|track/i;

/**
 * The words for fields a strict payment schema does not take: card data gets the card message; any
 * other field is named, so that a sender sending a `propertyId` learns that, not about cards.
 */
export function paymentFieldsRefusal(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  return cardDataRefusal(issue) ?? paymentFieldsNotTakenMessage((issue as z.core.$ZodRawIssue<z.core.$ZodIssueUnrecognizedKeys>).keys);
}

/** The card message for fields a strict schema does not take that say card data; nothing for other problems. */
export function cardDataRefusal(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const fields = (issue as z.core.$ZodRawIssue<z.core.$ZodIssueUnrecognizedKeys>).keys;
  return fields.some((field) => CARD_DATA_FIELD.test(field)) ? MESSAGES.paymentFieldsRefused : undefined;
}

/**
 * POST /api/tenant/payments. The amount is what the tenant entered, without the processing fee; the
 * server adds the fee of the day. Card data never travels here: only the provider's payment method id.
 * Strict, so a body that carries anything else (a card number, say) is refused.
 */
export const paymentSchema = z.strictObject(
  {
    amountCents: z
      .int({ error: MESSAGES.invalidAmount })
      .check(z.positive({ error: MESSAGES.invalidAmount }), z.maximum(MAX_PAYMENT_CENTS, { error: MESSAGES.invalidAmount })),
    paymentMethodId: z
      .string({ error: MESSAGES.cardNotAdded })
      .check(
        z.minLength(1, { error: MESSAGES.cardNotAdded }),
        z.maxLength(255, { error: MESSAGES.cardNotAdded }),
        z.regex(/^[\w-]+$/, { error: MESSAGES.cardNotAdded }),
      ),
    idempotencyKey: z.uuid({ error: MESSAGES.unexpectedError }),
    /** The tenant's yes to paying again within 10 minutes of a payment for the same home (isRepeatPayment). */
    confirmRepeat: z.optional(z.boolean({ error: MESSAGES.invalidRequest })),
  },
  { error: paymentFieldsRefusal },
);

export type PaymentInput = z.infer<typeof paymentSchema>;
