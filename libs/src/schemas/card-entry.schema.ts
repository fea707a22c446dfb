import { z } from 'zod';
import { cardNumberDigits } from '../card-number';
import { MESSAGES } from '../messages';

/**
 * The sandbox's own card form (the direct-gateway rules of spec section 5). Card data goes only to
 * the card tokenizer, never to our API; this schema turns the typed fields into what it expects.
 */
export const CARD_NUMBER_MAX_LENGTH = 19;
export const CARD_EXPIRY_LENGTH = 5;
export const CARD_CODE_MAX_LENGTH = 3;

export const cardEntrySchema = z
  .object({
    number: z
      .string()
      .trim()
      .min(1, MESSAGES.cardNumberIncomplete)
      .max(CARD_NUMBER_MAX_LENGTH, MESSAGES.cardNumberIncomplete)
      .transform(cardNumberDigits)
      .pipe(z.string().regex(/^\d{12,19}$/, MESSAGES.cardNumberIncomplete)),
    expiry: z
      .string()
      .trim()
      .min(1, { error: MESSAGES.cardExpiryIncomplete, abort: true })
      .regex(/^\d{2}\/\d{2}$/, MESSAGES.cardExpiryFormat),
    cvc: z
      .string()
      .trim()
      .min(1, { error: MESSAGES.securityCodeIncomplete, abort: true })
      .regex(/^\d{3}$/, MESSAGES.securityCodeIncomplete),
  })
  .transform(({ number, expiry, cvc }) => ({
    number,
    expMonth: Number(expiry.slice(0, 2)),
    expYear: 2000 + Number(expiry.slice(3)),
    cvc,
  }));

export type CardEntryFormValues = z.input<typeof cardEntrySchema>;
export type CardEntryInput = z.output<typeof cardEntrySchema>;

/** '4242424242424242' -> '4242 4242 4242 4242', as the number is typed. */
export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1228' -> '12/28'; a slash the person typed is kept. */
export function formatCardExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
