import { z } from 'zod';
import { MESSAGES } from '../messages';

export const REJECTION_REASON_MAX_LENGTH = 1000;

/** An operator turning a landlord's registration down: the reason goes into the landlord's email. */
export const rejectRegistrationSchema = z.object({
  reason: z
    .string({ error: MESSAGES.rejectionReasonRequired })
    .trim()
    .min(1, { error: MESSAGES.rejectionReasonRequired, abort: true })
    .max(REJECTION_REASON_MAX_LENGTH, MESSAGES.rejectionReasonTooLong),
});

export type RejectRegistrationFormValues = z.input<typeof rejectRegistrationSchema>;
export type RejectRegistrationInput = z.output<typeof rejectRegistrationSchema>;

/** Which registrations the operator's queue lists: waiting ones, or the recently reviewed. */
export const registrationListQuerySchema = z.object({
  status: z.enum(['pending', 'reviewed']).default('pending'),
});

export type RegistrationListQuery = z.output<typeof registrationListQuerySchema>;

/**
 * What /landlord/oAuth posts after the provider sent the landlord back: the signed state, and the
 * OAuth code when the landlord connected an existing account.
 */
export const payoutAccountReturnSchema = z.object({
  state: z.string({ error: MESSAGES.payoutAccountNotConfirmed }).trim().min(1, MESSAGES.payoutAccountNotConfirmed).max(600),
  code: z
    .string()
    .trim()
    .max(500)
    .regex(/^[\w-]*$/, MESSAGES.payoutAccountNotConfirmed)
    .optional()
    .transform((code) => code || undefined),
});

export type PayoutAccountReturnInput = z.output<typeof payoutAccountReturnSchema>;
