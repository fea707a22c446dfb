import { z } from 'zod/mini';
import { contactDetailsShape, emailsMatch } from './fields';

/** Personal information, for landlords and tenants alike. */
export const profileSchema = z.object(contactDetailsShape).check(z.refine(...emailsMatch));

export type ProfileFormValues = z.input<typeof profileSchema>;
export type ProfileInput = z.output<typeof profileSchema>;
