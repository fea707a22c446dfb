import { MESSAGES } from '../messages';
import { tenantSchema } from './tenant.schema';

const valid = {
  firstName: 'Tom',
  lastName: 'Tenant',
  email: 'tom@example.com',
  confirmEmail: 'tom@example.com',
  phone: '5551234567',
};

const problems = (value: unknown) =>
  tenantSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('tenantSchema', () => {
  it('accepts a tenant, with the phone formatted and the email lower-cased', () => {
    expect(tenantSchema.parse({ ...valid, email: 'Tom@Example.com' })).toEqual({ ...valid, phone: '(555) 123-4567' });
  });

  it.each(['firstName', 'lastName', 'email', 'confirmEmail', 'phone'])('requires %s', (field) => {
    expect(problems({ ...valid, [field]: '' })).toEqual([[field, MESSAGES.completeAllFields]]);
  });

  it('refuses emails that do not match', () => {
    expect(problems({ ...valid, confirmEmail: 'tim@example.com' })).toEqual([['confirmEmail', MESSAGES.emailsDoNotMatch]]);
  });

  it('refuses an invalid email and an incomplete phone', () => {
    expect(problems({ ...valid, email: 'tom', confirmEmail: 'tom' })?.[0]).toEqual(['email', MESSAGES.emailInvalid]);
    expect(problems({ ...valid, phone: '555123' })).toEqual([['phone', MESSAGES.phoneInvalid]]);
  });

  it('accepts a property id when moving the tenant', () => {
    const propertyId = '0b9f1c1e-8a8e-4c4b-9d0e-2f1a3b4c5d6e';
    expect(tenantSchema.parse({ ...valid, propertyId }).propertyId).toBe(propertyId);
    expect(tenantSchema.parse(valid).propertyId).toBeUndefined();
  });

  it('refuses a property id that is not a uuid', () => {
    expect(problems({ ...valid, propertyId: '42' })).toEqual([['propertyId', MESSAGES.unexpectedError]]);
  });
});
