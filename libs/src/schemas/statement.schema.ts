import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?year=2025[&month=4][&propertyId=...]: which statement. No propertyId: all of the landlord's properties. */
export const statementQuerySchema = z.strictObject({
  year: z.coerce.number({ error: 'Choose a year.' }).int('Choose a year.').min(2000, 'Choose a year from 2000 on.').max(2100, 'Choose a year before 2100.'),
  month: z.coerce.number().int('Choose a month from 1 to 12.').min(1, 'Choose a month from 1 to 12.').max(12, 'Choose a month from 1 to 12.').optional(),
  propertyId: z.string().regex(UUID, 'Not found').optional(),
  format: z.enum(['csv', 'pdf'], { error: 'Choose CSV or PDF.' }).optional(),
});

export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** The landlord's statement time zone: an IANA name such as America/Chicago. */
export const statementSettingsSchema = z.strictObject({
  timeZone: z
    .string({ error: 'Choose a time zone.' })
    .min(1, 'Choose a time zone.')
    .max(64, 'Choose a time zone.')
    .refine((timeZone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone });
        return true;
      } catch {
        return false;
      }
    }, 'Choose a time zone from the list.'),
});

export type StatementSettingsInput = z.infer<typeof statementSettingsSchema>;
