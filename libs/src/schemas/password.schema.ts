import { z } from 'zod/mini';
import { COMMON_PASSWORDS } from '../common-passwords';
import { MESSAGES } from '../messages';
import { unlessFieldsHaveIssues, type CrossFieldCheck } from './fields';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

// Characters as people count them (code points), so an emoji is one character, not two.
const characterCount = (text: string): number => [...text].length;

/** A password being chosen: never trimmed, since spaces are as good as any other character. */
export const newPasswordField = z
  .string({ error: MESSAGES.passwordTooShort })
  .check(
    z.refine((p) => characterCount(p) >= PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort, abort: true }),
    z.refine((p) => characterCount(p) <= PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true }),
    z.refine((p) => !isCommonPassword(p), MESSAGES.passwordTooCommon),
  );

export const newPasswordShape = {
  password: newPasswordField,
  confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }),
};

/** Spread into z.refine(): both entries must be the same. */
export const passwordsMatch: CrossFieldCheck<{ password: string; confirmPassword: string }> = [
  (value) => value.password === value.confirmPassword,
  {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: unlessFieldsHaveIssues('password', 'confirmPassword'),
  },
];

export const newPasswordSchema = z.object(newPasswordShape).check(z.refine(...passwordsMatch));

export type NewPasswordFormValues = z.input<typeof newPasswordSchema>;
export type NewPasswordInput = z.output<typeof newPasswordSchema>;
