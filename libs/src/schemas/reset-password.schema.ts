import { z } from 'zod/mini';
import { passwordsMatch } from './password.schema';
import { passwordLinkShape } from './password-link';

/** /account/reset-password: a new password for the account in the emailed link. */
export const resetPasswordSchema = z.object(passwordLinkShape).check(z.refine(...passwordsMatch));

export type ResetPasswordFormValues = z.input<typeof resetPasswordSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
