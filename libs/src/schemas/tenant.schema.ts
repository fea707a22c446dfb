import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { contactDetailsShape, emailsMatch } from './fields';

/** Adding or editing a tenant. propertyId is given only to move the tenant to another property. */
export const tenantSchema = z
  .object({
    ...contactDetailsShape,
    propertyId: z.optional(z.uuid({ error: MESSAGES.unexpectedError })),
  })
  .check(z.refine(...emailsMatch));

export type TenantFormValues = z.input<typeof tenantSchema>;
export type TenantInput = z.output<typeof tenantSchema>;
