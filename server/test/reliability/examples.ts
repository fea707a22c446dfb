import { randomUUID } from 'node:crypto';
// The shared libs schemas are zod/mini; the few server-only classic ones parse the same way.
import type { ZodMiniType as ZodType } from 'zod/mini';
import { AUTOPAY_MANDATE_VERSION } from '@rentwise/libs/autopay';
import { authorizeNetKeysSchema } from '@rentwise/libs/schemas/authorize-net-account.schema';
import { autopaySettingsSchema, autopaySkipSchema } from '@rentwise/libs/schemas/autopay.schema';
import { saveBankAccountSchema } from '@rentwise/libs/schemas/bank-payment.schema';
import { saveCardSchema } from '@rentwise/libs/schemas/saved-card.schema';
import { paymentSchema } from '@rentwise/libs/schemas/payment.schema';
import { propertySchema } from '@rentwise/libs/schemas/property.schema';
import { recordedPaymentSchema, recordedPaymentVoidSchema } from '@rentwise/libs/schemas/recorded-payment.schema';
import { refundSchema } from '@rentwise/libs/schemas/refund.schema';
import { rentTermsSchema } from '@rentwise/libs/schemas/rent-terms.schema';
import { propertyRemindersSchema, tenantRemindersSchema } from '@rentwise/libs/schemas/reminders.schema';
import { statementQuerySchema } from '@rentwise/libs/schemas/statement.schema';
import { tenantSchema } from '@rentwise/libs/schemas/tenant.schema';
import { transactionsExportQuerySchema } from '@rentwise/libs/schemas/transactions-export.schema';
import { defOf, objectShapeOf, unwrap } from './schema-shape';

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
  [rentTermsSchema as ZodType, () => ({ dueDay: '1', lateFeesOn: true, graceDays: '5', flatFee: '50', percentFee: '', dailyFee: '', monthlyCap: '' })],
  [paymentSchema as ZodType, () => ({ amountCents: 1000, paymentMethodId: 'pm_sandbox_unknown', idempotencyKey: randomUUID() })],
  [statementQuerySchema as ZodType, () => ({ year: '2026' })],
  [transactionsExportQuerySchema as ZodType, () => ({ year: '2026' })],
  [tenantRemindersSchema as ZodType, () => ({ remindersOn: true })],
  [
    autopaySettingsSchema as ZodType,
    () => ({ savedBankAccountId: randomUUID(), daysBeforeDue: 3, amount: { kind: 'balance' }, mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION } }),
  ],
  [saveBankAccountSchema as ZodType, () => ({ paymentMethodId: 'pm_sandbox_unknown' })],
  [saveCardSchema as ZodType, () => ({ paymentMethodId: 'pm_sandbox_unknown' })],
  [autopaySkipSchema as ZodType, () => ({ month: '2020-01', skip: true })],
  [propertyRemindersSchema as ZodType, () => ({ dueSoon: true, dueToday: true, late: true, lateFee: true, weeklySummary: true })],
  [
    recordedPaymentSchema as ZodType,
    () => ({
      propertyId: randomUUID(),
      tenantUserId: randomUUID(),
      receivedOn: '2026-03-05',
      amount: '1,500.00',
      method: 'check',
      reference: '1234',
      idempotencyKey: randomUUID(),
    }),
  ],
  [recordedPaymentVoidSchema as ZodType, () => ({ reason: 'The check bounced' })],
  [refundSchema as ZodType, () => ({ amountCents: 1000, reason: 'Overcharged for April', idempotencyKey: randomUUID() })],
  [
    authorizeNetKeysSchema as ZodType,
    () => ({ apiLoginId: 'exampleLogin1', transactionKey: 'exampleTransKey1', signatureKey: 'AB'.repeat(64), publicClientKey: 'exampleClientKey0123456789' }),
  ],
]);

/** Values by field name, for schemas without an example of their own. */
const FIELD_EXAMPLES: Record<string, () => unknown> = {
  firstName: () => 'Alex',
  lastName: () => 'Example',
  phone: () => '(555) 555-0123',
  token: () => 'A'.repeat(43),
  password: () => 'a-long-enough-password-42',
  confirmPassword: () => 'a-long-enough-password-42',
  state: () => 'signed-state',
  code: () => 'ac_example',
  reason: () => 'The address could not be verified.',
  timeZone: () => 'America/Chicago',
  year: () => 2026,
};

/** An example built from the schema's field names (email and confirmEmail alike; an enum's first option). */
function exampleFromFieldNames(schema: ZodType): Record<string, unknown> | undefined {
  const shape = objectShapeOf(schema);
  if (!shape) return undefined;
  const address = email();
  const value: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(shape)) {
    const def = defOf(unwrap(fieldSchema));
    if (field === 'email' || field === 'confirmEmail') value[field] = address;
    else if (FIELD_EXAMPLES[field]) value[field] = FIELD_EXAMPLES[field]();
    else if (def.type === 'enum' && def.entries) value[field] = Object.values(def.entries)[0];
    else if (!fieldSchema.safeParse(undefined).success) return undefined;
  }
  return value;
}

/** A valid example for the schema, or a clear failure naming what to add. */
export function validExample(schema: ZodType, where: string): Record<string, unknown> {
  const value = VALID_EXAMPLES.get(schema)?.() ?? exampleFromFieldNames(schema);
  if (!value) {
    throw new Error(
      `${where} parses its input with a libs schema whose fields have no example: add one to VALID_EXAMPLES or FIELD_EXAMPLES in server/test/reliability/examples.ts`,
    );
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`The example for ${where} is not valid: ${parsed.error.issues[0].message}`);
  return value;
}

/** A valid example where one can be made, else an empty object: for requests refused before the body is read. */
export function exampleOrEmpty(schema: ZodType | undefined): Record<string, unknown> {
  if (!schema) return {};
  const value = VALID_EXAMPLES.get(schema)?.() ?? exampleFromFieldNames(schema);
  return value && schema.safeParse(value).success ? value : {};
}
