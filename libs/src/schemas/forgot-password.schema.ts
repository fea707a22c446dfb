import { z } from 'zod/mini';
import { emailField } from './fields';

export const forgotPasswordSchema = z.object({ email: emailField });

export type ForgotPasswordFormValues = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;
