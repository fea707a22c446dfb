import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { contactDetailsShape, emailsMatch } from './fields';
import { PASSWORD_MAX_LENGTH } from './password.schema';

/**
 * The password the person signs in with, to prove it is them before their email changes. Never
 * trimmed (spaces count); blank reads as not given. Bounded in UTF-16 units: two per character at most.
 */
export const currentPasswordField = z.optional(
  z.string({ error: MESSAGES.currentPasswordWrong }).check(z.maxLength(PASSWORD_MAX_LENGTH * 2, MESSAGES.currentPasswordWrong)),
);

/**
 * Personal information, for landlords and tenants alike. A new email also needs the current
 * password unless the session signed in under 30 minutes ago (the server decides; the page asks).
 */
export const profileSchema = z
  .object({ ...contactDetailsShape, currentPassword: currentPasswordField })
  .check(z.refine(...emailsMatch));

export type ProfileFormValues = z.input<typeof profileSchema>;
export type ProfileInput = z.output<typeof profileSchema>;
