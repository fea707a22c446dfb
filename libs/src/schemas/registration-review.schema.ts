import { z } from 'zod/mini';
import { MESSAGES } from '../messages';

export const REJECTION_REASON_MAX_LENGTH = 1000;

/** An operator turning a landlord's registration down: the reason goes into the landlord's email. */
export const rejectRegistrationSchema = z.object({
  reason: z
    .string({ error: MESSAGES.rejectionReasonRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: MESSAGES.rejectionReasonRequired, abort: true }),
      z.maxLength(REJECTION_REASON_MAX_LENGTH, MESSAGES.rejectionReasonTooLong),
    ),
});

export type RejectRegistrationFormValues = z.input<typeof rejectRegistrationSchema>;
export type RejectRegistrationInput = z.output<typeof rejectRegistrationSchema>;

/** Which registrations the operator's queue lists: waiting ones, or the recently reviewed. */
export const registrationListQuerySchema = z.object({
  status: z._default(z.enum(['pending', 'reviewed']), 'pending'),
});

export type RegistrationListQuery = z.output<typeof registrationListQuerySchema>;

/**
 * What /landlord/oAuth posts after the provider sent the landlord back: the signed state, and the
 * OAuth code when the landlord connected an existing account.
 */
export const payoutAccountReturnSchema = z.object({
  state: z
    .string({ error: MESSAGES.payoutAccountNotConfirmed })
    .check(z.trim(), z.minLength(1, MESSAGES.payoutAccountNotConfirmed), z.maxLength(600)),
  code: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(500), z.regex(/^[\w-]*$/, MESSAGES.payoutAccountNotConfirmed))),
    z.transform((code: string | undefined) => code || undefined),
  ),
});

export type PayoutAccountReturnInput = z.output<typeof payoutAccountReturnSchema>;
