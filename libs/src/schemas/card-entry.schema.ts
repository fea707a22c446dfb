import { z } from 'zod/mini';
import { cardNumberDigits } from '../card-number';
import { MESSAGES } from '../messages';

/**
 * The sandbox's own card form (the Authorize.Net rules of spec section 5). Card data goes only to
 * the card tokenizer, never to our API; this schema turns the typed fields into what it expects.
 */
export const CARD_NUMBER_MAX_LENGTH = 19;
export const CARD_EXPIRY_LENGTH = 5;
export const CARD_CODE_MAX_LENGTH = 3;

export const cardEntrySchema = z.pipe(
  z.object({
    number: z.pipe(
      z.pipe(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(1, MESSAGES.cardNumberIncomplete),
            z.maxLength(CARD_NUMBER_MAX_LENGTH, MESSAGES.cardNumberIncomplete),
          ),
        z.transform(cardNumberDigits),
      ),
      z.string().check(z.regex(/^\d{12,19}$/, MESSAGES.cardNumberIncomplete)),
    ),
    expiry: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: MESSAGES.cardExpiryIncomplete, abort: true }),
        z.regex(/^\d{2}\/\d{2}$/, MESSAGES.cardExpiryFormat),
      ),
    cvc: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: MESSAGES.securityCodeIncomplete, abort: true }),
        z.regex(/^\d{3}$/, MESSAGES.securityCodeIncomplete),
      ),
  }),
  z.transform(({ number, expiry, cvc }: { number: string; expiry: string; cvc: string }) => ({
    number,
    expMonth: Number(expiry.slice(0, 2)),
    expYear: 2000 + Number(expiry.slice(3)),
    cvc,
  })),
);

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
