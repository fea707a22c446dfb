import { MESSAGES } from '../messages';
import { signUpSchema } from './sign-up.schema';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  phone: '(555) 123-4567',
};

const problems = (value: unknown) =>
  signUpSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('signUpSchema', () => {
  it('accepts a complete sign-up', () => {
    expect(signUpSchema.parse(valid)).toEqual(valid);
  });

  it('trims names and trims and lower-cases emails', () => {
    const parsed = signUpSchema.parse({ ...valid, firstName: ' Ada ', email: ' Ada@Example.COM ', confirmEmail: 'ada@example.com' });
    expect(parsed.firstName).toBe('Ada');
    expect(parsed.email).toBe('ada@example.com');
  });

  it('normalises the phone to (999) 999-9999', () => {
    expect(signUpSchema.parse({ ...valid, phone: '555.123.4567' }).phone).toBe('(555) 123-4567');
    expect(signUpSchema.parse({ ...valid, phone: '+1 555 123 4567' }).phone).toBe('(555) 123-4567');
  });

  it.each(['firstName', 'lastName', 'email', 'confirmEmail', 'phone'])('requires %s', (field) => {
    expect(problems({ ...valid, [field]: '  ' })).toEqual([[field, MESSAGES.completeAllFields]]);
    expect(problems({ ...valid, [field]: undefined })).toEqual([[field, MESSAGES.completeAllFields]]);
  });

  it('says to complete all fields for each empty field of an empty form', () => {
    expect(problems({})).toEqual(
      ['firstName', 'lastName', 'email', 'confirmEmail', 'phone'].map((field) => [field, MESSAGES.completeAllFields]),
    );
  });

  it('refuses emails that do not match', () => {
    expect(problems({ ...valid, confirmEmail: 'ada@example.org' })).toEqual([['confirmEmail', MESSAGES.emailsDoNotMatch]]);
  });

  it('treats emails differing only in case and spaces as matching', () => {
    expect(problems({ ...valid, confirmEmail: ' ADA@example.com' })).toBeUndefined();
  });

  it('refuses an invalid email, and does not also report a mismatch', () => {
    expect(problems({ ...valid, email: 'ada@' })).toEqual([['email', MESSAGES.emailInvalid]]);
    expect(problems({ ...valid, email: 'ada@', confirmEmail: 'bob@' })).toEqual([
      ['email', MESSAGES.emailInvalid],
      ['confirmEmail', MESSAGES.emailInvalid],
    ]);
    expect(problems({ ...valid, email: 'a'.repeat(250) + '@x.co', confirmEmail: 'a'.repeat(250) + '@x.co' })?.[0]).toEqual([
      'email',
      MESSAGES.emailInvalid,
    ]);
  });

  it('refuses a phone number without ten digits', () => {
    expect(problems({ ...valid, phone: '(555) 123-456' })).toEqual([['phone', MESSAGES.phoneInvalid]]);
    expect(problems({ ...valid, phone: '555-123-45678' })).toEqual([['phone', MESSAGES.phoneInvalid]]);
  });

  it('refuses names over 100 characters', () => {
    expect(problems({ ...valid, lastName: 'x'.repeat(101) })).toEqual([['lastName', MESSAGES.nameTooLong]]);
    expect(problems({ ...valid, lastName: 'x'.repeat(100) })).toBeUndefined();
  });

  it('refuses a body that is not an object', () => {
    expect(signUpSchema.safeParse(null).success).toBe(false);
  });
});
