import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { cardDataRefusal } from './payment.schema';

/** A provider's id (`seti_...`, `pm_...`) as the card form answered it: never card data. */
const providerId = z
  .string({ error: MESSAGES.cardNotAdded })
  .check(z.minLength(1, { error: MESSAGES.cardNotAdded }), z.maxLength(255, { error: MESSAGES.cardNotAdded }), z.regex(/^[\w-]+$/, { error: MESSAGES.cardNotAdded }));

/**
 * POST /api/tenant/cards: save the card the setup step left, for autopay (decision 0042). With Stripe
 * the SetupIntent that Stripe.js confirmed; in the sandbox the payment method its card form made. One
 * of the two; the server reads the card from the provider, so nothing else about it is taken.
 */
export const saveCardSchema = z
  .strictObject({ setupIntentId: z.optional(providerId), paymentMethodId: z.optional(providerId) }, { error: cardDataRefusal })
  .check(z.refine((body) => (body.setupIntentId === undefined) !== (body.paymentMethodId === undefined), { error: MESSAGES.cardNotAdded }));

export type SaveCardInput = z.infer<typeof saveCardSchema>;
