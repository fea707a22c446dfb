import { z } from 'zod/mini';
import { linkTokenField } from './password-link';

/** /account/confirm-email: the single-use token from the link sent to the new address. */
export const confirmEmailSchema = z.object({ token: linkTokenField });

export type ConfirmEmailInput = z.output<typeof confirmEmailSchema>;
