import { z } from 'zod/mini';
import { MIN_AUTHORIZE_NET_PAYMENT_CENTS } from '../authorize-net';
import { MESSAGES } from '../messages';
import { MAX_PAYMENT_CENTS } from '../payment-rules';
import { paymentFieldsRefusal } from './payment.schema';

/**
 * POST /api/tenant/payments/direct: a payment on Authorize.Net (the path keeps its older name, 'direct'). The card
 * went from the browser to the gateway's tokenizer (Accept.js, or the sandbox's), which answered a
 * single-use payment nonce; that nonce, the card's brand and last four digits (for the charge's
 * description) and the amount are all that come here. Strict: a card number, expiry or code is refused.
 */
export const authorizeNetPaymentSchema = z.strictObject(
  {
    amountCents: z
      .int({ error: MESSAGES.minimumAuthorizeNetAmount })
      .check(
        z.minimum(MIN_AUTHORIZE_NET_PAYMENT_CENTS, { error: MESSAGES.minimumAuthorizeNetAmount }),
        z.maximum(MAX_PAYMENT_CENTS, { error: MESSAGES.invalidAmount }),
      ),
    paymentNonce: z.strictObject(
      {
        dataDescriptor: z.string().check(z.regex(/^[A-Z0-9._]{1,64}$/, { error: MESSAGES.cardNotAdded })),
        dataValue: z.string({ error: MESSAGES.cardNotAdded }).check(
          z.minLength(8, { error: MESSAGES.cardNotAdded }),
          z.maxLength(8192, { error: MESSAGES.cardNotAdded }),
          z.regex(/^[\w+/=.-]+$/, { error: MESSAGES.cardNotAdded }),
          // A nonce is never a bare run of digits; a card number pasted here is refused, not sent on.
          z.refine((value) => !/^[\d\s-]+$/.test(value), { error: MESSAGES.paymentFieldsRefused }),
        ),
      },
      { error: paymentFieldsRefusal },
    ),
    card: z.strictObject(
      {
        brand: z.enum(['visa', 'mastercard', 'amex', 'discover', 'unknown'], { error: MESSAGES.cardNotAdded }),
        last4: z.string().check(z.regex(/^\d{4}$/, { error: MESSAGES.cardNotAdded })),
      },
      { error: paymentFieldsRefusal },
    ),
    idempotencyKey: z.uuid({ error: MESSAGES.unexpectedError }),
    /** The tenant's yes to paying again within 10 minutes of a payment for the same home (isRepeatPayment). */
    confirmRepeat: z.optional(z.boolean({ error: MESSAGES.invalidRequest })),
  },
  { error: paymentFieldsRefusal },
);

export type AuthorizeNetPaymentInput = z.infer<typeof authorizeNetPaymentSchema>;

/** The operator's choice of a landlord's card gateway (PUT /api/operator/landlords/:id/card-gateway). */
export const CARD_GATEWAYS = ['stripe', 'authorize_net'] as const;
export type CardGatewayKind = (typeof CARD_GATEWAYS)[number];

export const cardGatewayChoiceSchema = z.strictObject({
  gateway: z.enum(CARD_GATEWAYS, { error: 'Choose Stripe or Authorize.Net.' }),
});

export type CardGatewayChoice = z.infer<typeof cardGatewayChoiceSchema>;
