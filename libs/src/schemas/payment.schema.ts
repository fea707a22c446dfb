import { z } from 'zod';

/**
 * POST /api/tenant/payments. The amount is what the tenant entered, without the processing fee; the
 * server adds the fee of the day. Card data never travels here: only the provider's payment method id.
 * Strict, so a body that carries anything else (a card number, say) is refused.
 */
export const paymentSchema = z.strictObject({
  amountCents: z.int().positive(),
  paymentMethodId: z.string().min(1),
  idempotencyKey: z.uuid(),
});

export type PaymentInput = z.infer<typeof paymentSchema>;
