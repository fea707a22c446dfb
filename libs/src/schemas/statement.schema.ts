import { z } from 'zod/mini';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?year=2025[&month=4][&propertyId=...]: which statement. No propertyId: all of the landlord's properties. */
export const statementQuerySchema = z.strictObject({
  year: z.coerce
    .number({ error: 'Choose a year.' })
    .check(z.int('Choose a year.'), z.minimum(2000, 'Choose a year from 2000 on.'), z.maximum(2100, 'Choose a year before 2100.')),
  month: z.optional(
    z.coerce
      .number()
      .check(
        z.int('Choose a month from 1 to 12.'),
        z.minimum(1, 'Choose a month from 1 to 12.'),
        z.maximum(12, 'Choose a month from 1 to 12.'),
      ),
  ),
  propertyId: z.optional(z.string().check(z.regex(UUID, 'Not found'))),
  format: z.optional(z.enum(['csv', 'pdf'], { error: 'Choose CSV or PDF.' })),
});

export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** The landlord's statement time zone: an IANA name such as America/Chicago. */
export const statementSettingsSchema = z.strictObject({
  timeZone: z.string({ error: 'Choose a time zone.' }).check(
    z.minLength(1, 'Choose a time zone.'),
    z.maxLength(64, 'Choose a time zone.'),
    z.refine((timeZone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone });
        return true;
      } catch {
        return false;
      }
    }, 'Choose a time zone from the list.'),
  ),
});

export type StatementSettingsInput = z.infer<typeof statementSettingsSchema>;
