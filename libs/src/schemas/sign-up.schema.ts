import { z } from 'zod';
import { contactDetailsShape, emailsMatch } from './fields';

/** Landlord sign-up: all five fields required, emails matching. */
export const signUpSchema = z.object(contactDetailsShape).refine(...emailsMatch);

export type SignUpFormValues = z.input<typeof signUpSchema>;
export type SignUpInput = z.output<typeof signUpSchema>;
