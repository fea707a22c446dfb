import { z } from 'zod';
import { MESSAGES } from '../messages';
import { contactDetailsShape, emailsMatch } from './fields';

/** Adding or editing a tenant. propertyId is given only to move the tenant to another property. */
export const tenantSchema = z
  .object({
    ...contactDetailsShape,
    propertyId: z.uuid({ error: MESSAGES.unexpectedError }).optional(),
  })
  .refine(...emailsMatch);

export type TenantFormValues = z.input<typeof tenantSchema>;
export type TenantInput = z.output<typeof tenantSchema>;
