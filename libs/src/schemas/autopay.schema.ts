import { z } from 'zod/mini';
import { MAX_AUTOPAY_DAYS_BEFORE_DUE } from '../autopay';
import { MESSAGES } from '../messages';
import { MAX_PAYMENT_CENTS } from '../payment-rules';

/**
 * PUT /api/tenant/autopay: turn autopay on, or change it (decision 0042). The account is one the
 * tenant saved; the mandate is their yes to the recurring authorization of `version`, which the
 * server renders from these terms and stores itself.
 */
export const autopaySettingsSchema = z.strictObject({
  savedBankAccountId: z.uuid({ error: MESSAGES.savedBankAccountNotFound }),
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
});

export type AutopaySettingsInput = z.infer<typeof autopaySettingsSchema>;

/** PUT /api/tenant/autopay/skip: skip the next automatic payment (its rent month, '2027-01'), or take the skip back. */
export const autopaySkipSchema = z.strictObject({
  month: z.string({ error: MESSAGES.autopayMonthNotAhead }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MESSAGES.autopayMonthNotAhead })),
  skip: z.boolean({ error: MESSAGES.invalidRequest }),
});

export type AutopaySkipInput = z.infer<typeof autopaySkipSchema>;
