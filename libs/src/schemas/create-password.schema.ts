import { z } from 'zod/mini';
import { passwordsMatch } from './password.schema';
import { passwordLinkShape } from './password-link';

/** /account/create-password: the first password of an account activated from its emailed link. */
export const createPasswordSchema = z.object(passwordLinkShape).check(z.refine(...passwordsMatch));

export type CreatePasswordFormValues = z.input<typeof createPasswordSchema>;
export type CreatePasswordInput = z.output<typeof createPasswordSchema>;
