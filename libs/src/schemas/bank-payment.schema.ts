import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { MAX_PAYMENT_CENTS } from '../payment-rules';
import { paymentFieldsRefusal } from './payment.schema';

/** A provider's payment method id (`pm_...`), as the bank link step answered it: never a bank account number. */
const paymentMethodId = z
  .string({ error: MESSAGES.bankAccountNotLinked })
  .check(
    z.minLength(1, { error: MESSAGES.bankAccountNotLinked }),
    z.maxLength(255, { error: MESSAGES.bankAccountNotLinked }),
    z.regex(/^[\w-]+$/, { error: MESSAGES.bankAccountNotLinked }),
  );

/**
 * POST /api/tenant/payments/bank. The account is one just linked (the provider's payment method id)
 * or one the tenant saved (our id); account and routing numbers never travel here. The mandate is
 * the tenant's yes to the authorization text of `version`, which the server renders and stores itself.
 */
export const bankPaymentSchema = z.strictObject(
  {
    amountCents: z
      .int({ error: MESSAGES.invalidAmount })
      .check(z.positive({ error: MESSAGES.invalidAmount }), z.maximum(MAX_PAYMENT_CENTS, { error: MESSAGES.invalidAmount })),
    bankAccount: z.union(
      [
        z.strictObject({ paymentMethodId, saveForLater: z.optional(z.boolean({ error: MESSAGES.invalidRequest })) }),
        z.strictObject({ savedAccountId: z.uuid({ error: MESSAGES.savedBankAccountNotFound }) }),
      ],
      { error: MESSAGES.bankAccountNotLinked },
    ),
    mandate: z.strictObject(
      {
        accepted: z.literal(true, { error: MESSAGES.mandateNotAccepted }),
        version: z.string({ error: MESSAGES.mandateOutdated }).check(z.maxLength(40, { error: MESSAGES.mandateOutdated })),
      },
      { error: MESSAGES.mandateNotAccepted },
    ),
    idempotencyKey: z.uuid({ error: MESSAGES.unexpectedError }),
    confirmRepeat: z.optional(z.boolean({ error: MESSAGES.invalidRequest })),
  },
  { error: paymentFieldsRefusal },
);

export type BankPaymentInput = z.infer<typeof bankPaymentSchema>;

/** POST /api/tenant/bank-accounts: save an account just linked, without paying now (for autopay). */
export const saveBankAccountSchema = z.strictObject({ paymentMethodId }, { error: MESSAGES.bankAccountNotLinked });

export type SaveBankAccountInput = z.infer<typeof saveBankAccountSchema>;
