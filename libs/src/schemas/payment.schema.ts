import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { MAX_PAYMENT_CENTS } from '../payment-rules';

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
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.paymentFieldsRefused : undefined) },
);

export type PaymentInput = z.infer<typeof paymentSchema>;
