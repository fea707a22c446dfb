import { MESSAGES } from '../messages';
import { profileSchema } from './profile.schema';

const valid = {
  firstName: 'Lena',
  lastName: 'Landlord',
  phone: '(555) 987-6543',
  email: 'lena@example.com',
  confirmEmail: 'lena@example.com',
};

const problems = (value: unknown) =>
  profileSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('profileSchema', () => {
  it('accepts personal information', () => {
    expect(profileSchema.parse(valid)).toEqual(valid);
  });

  it.each(['firstName', 'lastName', 'phone', 'email', 'confirmEmail'])('requires %s', (field) => {
    expect(problems({ ...valid, [field]: ' ' })).toEqual([[field, MESSAGES.completeAllFields]]);
  });

  it('refuses a name with a bidirectional override, a NUL byte or a lone surrogate', () => {
    for (const firstName of ['Lena\u202Eanelt', 'Lena\u0000', 'Lena\uD800']) {
      expect(problems({ ...valid, firstName })).toEqual([['firstName', MESSAGES.unsupportedCharacters]]);
    }
  });

  it('refuses emails that do not match', () => {
    expect(problems({ ...valid, email: 'lena@example.org' })).toEqual([['confirmEmail', MESSAGES.emailsDoNotMatch]]);
  });

  it('takes the current password as typed, spaces included, and does without it', () => {
    expect(profileSchema.parse({ ...valid, currentPassword: ' my pass ' })).toEqual({ ...valid, currentPassword: ' my pass ' });
    expect(profileSchema.parse(valid)).not.toHaveProperty('currentPassword');
  });

  it('refuses a current password no account could have', () => {
    expect(problems({ ...valid, currentPassword: 'x'.repeat(513) })).toEqual([['currentPassword', MESSAGES.currentPasswordWrong]]);
    expect(problems({ ...valid, currentPassword: 12345678 })).toEqual([['currentPassword', MESSAGES.currentPasswordWrong]]);
  });

  it('refuses an invalid email, an incomplete phone and an over-long name', () => {
    expect(problems({ ...valid, email: 'lena@example', confirmEmail: 'lena@example' })?.[0]).toEqual([
      'email',
      MESSAGES.emailInvalid,
    ]);
    expect(problems({ ...valid, phone: '(555) 987' })).toEqual([['phone', MESSAGES.phoneInvalid]]);
    expect(problems({ ...valid, firstName: 'x'.repeat(101) })).toEqual([['firstName', MESSAGES.nameTooLong]]);
  });
});
