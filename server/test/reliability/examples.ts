import { randomUUID } from 'node:crypto';
import type { ZodType } from 'zod';
import { paymentSchema } from '@rentwise/libs/schemas/payment.schema';
import { profileSchema } from '@rentwise/libs/schemas/profile.schema';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import { rejectRegistrationSchema, registrationListQuerySchema } from '@rentwise/libs/schemas/registration-review.schema';
import { statementQuerySchema, statementSettingsSchema } from '@rentwise/libs/schemas/statement.schema';
import { tenantSchema } from '@rentwise/libs/schemas/tenant.schema';

const email = () => `example-${randomUUID().slice(0, 8)}@example.com`;
const contact = () => {
  const address = email();
  return { firstName: 'Alex', lastName: 'Example', email: address, confirmEmail: address, phone: '(555) 555-0123' };
};

/**
 * One valid input per shared schema, as a form would send it: a request that should only fail for
 * the reason a test gives it (someone else's id, no CSRF token) starts from these. Keyed by schema,
 * so a new endpoint that reuses a schema needs nothing here.
 */
export const VALID_EXAMPLES = new Map<ZodType, () => Record<string, unknown>>([
  [propertySchema as ZodType, () => ({ line1: '42 Cedar Ave', line2: '', city: 'Springfield', state: 'IL', zip: '62704', rent: '1,250' })],
  [tenantSchema as ZodType, contact],
  [profileSchema as ZodType, contact],
  [paymentSchema as ZodType, () => ({ amountCents: 1000, paymentMethodId: 'pm_sandbox_unknown', idempotencyKey: randomUUID() })],
  [statementQuerySchema as ZodType, () => ({ year: '2026' })],
  [statementSettingsSchema as ZodType, () => ({ timeZone: 'America/Chicago' })],
  [rejectRegistrationSchema as ZodType, () => ({ reason: 'The address could not be verified.' })],
  [registrationListQuerySchema as ZodType, () => ({ status: 'pending' })],
]);

/** A valid example for the schema, or a clear failure naming what to add. */
export function validExample(schema: ZodType, where: string): Record<string, unknown> {
  const example = VALID_EXAMPLES.get(schema);
  if (!example) {
    throw new Error(
      `${where} parses its input with a libs schema that has no valid example: add one to VALID_EXAMPLES in server/test/reliability/examples.ts`,
    );
  }
  const value = example();
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`The example for ${where} is not valid: ${parsed.error.issues[0].message}`);
  return value;
}
