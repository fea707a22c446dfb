import { z } from 'zod/mini';
import { MESSAGES } from '../messages';

// No email-format or password-strength rules here: a wrong guess should look like any other failed login.
export const signInSchema = z.object({
  email: z
    .string({ error: MESSAGES.completeAllFields })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: MESSAGES.completeAllFields, abort: true }),
      z.maxLength(254, MESSAGES.loginFailed),
    ),
  password: z
    .string({ error: MESSAGES.completeAllFields })
    .check(z.minLength(1, { error: MESSAGES.completeAllFields, abort: true }), z.maxLength(256, MESSAGES.loginFailed)),
});

export type SignInFormValues = z.input<typeof signInSchema>;
export type SignInInput = z.output<typeof signInSchema>;
