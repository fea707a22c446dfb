import { z } from 'zod';
import { MESSAGES } from '../messages';

// No email-format or password-strength rules here: a wrong guess should look like any other failed login.
export const signInSchema = z.object({
  email: z
    .string({ error: MESSAGES.completeAllFields })
    .trim()
    .toLowerCase()
    .min(1, { error: MESSAGES.completeAllFields, abort: true })
    .max(254, MESSAGES.loginFailed),
  password: z
    .string({ error: MESSAGES.completeAllFields })
    .min(1, { error: MESSAGES.completeAllFields, abort: true })
    .max(256, MESSAGES.loginFailed),
});

export type SignInFormValues = z.input<typeof signInSchema>;
export type SignInInput = z.output<typeof signInSchema>;
