import { z } from 'zod/mini';
import { MAX_AUTOPAY_DAYS_BEFORE_DUE } from '../autopay';
import { MESSAGES } from '../messages';
import { MAX_PAYMENT_CENTS } from '../payment-rules';

/** What autopay pays from: a bank account or a card the tenant saved (our ids, never the provider's). */
export const autopayMethodSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('bank_account'), savedBankAccountId: z.uuid({ error: MESSAGES.savedBankAccountNotFound }) }),
    z.strictObject({ kind: z.literal('card'), savedCardId: z.uuid({ error: MESSAGES.savedCardNotFound }) }),
  ],
  { error: MESSAGES.autopayMethodMissing },
);

export type AutopayMethodInput = z.infer<typeof autopayMethodSchema>;

/**
 * PUT /api/tenant/autopay: turn autopay on, or change it (decision 0042). What it pays from is one
 * saved bank account or card, named by `method`, or by `savedBankAccountId` alone as autopay was
 * first turned on (bank accounts only); exactly one of the two. The mandate is the tenant's yes to
 * the standing authorization of `version` for that way of paying, which the server renders from
 * these terms and stores itself.
 */
export const autopaySettingsSchema = z.strictObject({
  savedBankAccountId: z.optional(z.uuid({ error: MESSAGES.savedBankAccountNotFound })),
  method: z.optional(autopayMethodSchema),
  daysBeforeDue: z
    .int({ error: MESSAGES.autopayDayInvalid })
    .check(z.minimum(0, { error: MESSAGES.autopayDayInvalid }), z.maximum(MAX_AUTOPAY_DAYS_BEFORE_DUE, { error: MESSAGES.autopayDayInvalid })),
  amount: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('balance') }),
      z.strictObject({
        kind: z.literal('fixed'),
        cents: z
          .int({ error: MESSAGES.autopayAmountInvalid })
          .check(z.minimum(100, { error: MESSAGES.autopayAmountInvalid }), z.maximum(MAX_PAYMENT_CENTS, { error: MESSAGES.autopayAmountInvalid })),
      }),
    ],
    { error: MESSAGES.autopayAmountInvalid },
  ),
  mandate: z.strictObject(
    {
      accepted: z.literal(true, { error: MESSAGES.autopayMandateNotAccepted }),
      version: z.string({ error: MESSAGES.autopayMandateOutdated }).check(z.maxLength(40, { error: MESSAGES.autopayMandateOutdated })),
    },
    { error: MESSAGES.autopayMandateNotAccepted },
  ),
}).check(z.refine((settings) => (settings.savedBankAccountId === undefined) !== (settings.method === undefined), { error: MESSAGES.autopayMethodMissing }));

export type AutopaySettingsInput = z.infer<typeof autopaySettingsSchema>;

/** The way autopay pays, whichever of the two shapes named it. */
export function autopayMethodOf(settings: Pick<AutopaySettingsInput, 'savedBankAccountId' | 'method'>): AutopayMethodInput {
  if (settings.method) return settings.method;
  return { kind: 'bank_account', savedBankAccountId: settings.savedBankAccountId as string };
}

/** PUT /api/tenant/autopay/skip: skip the next automatic payment (its rent month, '2027-01'), or take the skip back. */
export const autopaySkipSchema = z.strictObject({
  month: z.string({ error: MESSAGES.autopayMonthNotAhead }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MESSAGES.autopayMonthNotAhead })),
  skip: z.boolean({ error: MESSAGES.invalidRequest }),
});

export type AutopaySkipInput = z.infer<typeof autopaySkipSchema>;
