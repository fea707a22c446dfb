import { z } from 'zod/mini';
import { contactDetailsShape, emailsMatch } from './fields';

/** Landlord sign-up: all five fields required, emails matching. */
export const signUpSchema = z.object(contactDetailsShape).check(z.refine(...emailsMatch));

export type SignUpFormValues = z.input<typeof signUpSchema>;
export type SignUpInput = z.output<typeof signUpSchema>;
