import { MESSAGES } from '../messages';
import { createPasswordSchema } from './create-password.schema';
import { resetPasswordSchema } from './reset-password.schema';

// Shaped like the server's tokens: 32 random bytes as URL-safe base64.
const token = 'q2Xv_8Zr-1mKp0bT3hY7wN4sLcD9eFgA6uJiOoPzQ5k';
const valid = { email: 'ada@example.com', token, password: 'correct horse', confirmPassword: 'correct horse' };

describe.each([
  ['resetPasswordSchema', resetPasswordSchema],
  ['createPasswordSchema', createPasswordSchema],
])('%s', (_name, schema) => {
  const problems = (value: unknown) =>
    schema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('accepts the plain email, the token and a new password', () => {
    expect(schema.parse({ ...valid, email: 'Ada@Example.com ' })).toEqual(valid);
  });

  it('requires a valid email', () => {
    expect(problems({ ...valid, email: '' })).toEqual([['email', MESSAGES.completeAllFields]]);
    expect(problems({ ...valid, email: 'ada' })).toEqual([['email', MESSAGES.emailInvalid]]);
  });

  it('refuses a missing or malformed token as an invalid link', () => {
    expect(problems({ ...valid, token: undefined })).toEqual([['token', MESSAGES.linkInvalid]]);
    expect(problems({ ...valid, token: '' })).toEqual([['token', MESSAGES.linkInvalid]]);
    expect(problems({ ...valid, token: 'short' })).toEqual([['token', MESSAGES.linkInvalid]]);
    expect(problems({ ...valid, token: `${token}%20` })).toEqual([['token', MESSAGES.linkInvalid]]);
  });

  it('applies the new-password rules', () => {
    expect(problems({ ...valid, password: 'short', confirmPassword: 'short' })).toEqual([
      ['password', MESSAGES.passwordTooShort],
    ]);
    expect(problems({ ...valid, password: 'x'.repeat(257), confirmPassword: 'x'.repeat(257) })).toEqual([
      ['password', MESSAGES.passwordTooLong],
    ]);
    expect(problems({ ...valid, password: 'iloveyou', confirmPassword: 'iloveyou' })).toEqual([
      ['password', MESSAGES.passwordTooCommon],
    ]);
    expect(problems({ ...valid, confirmPassword: 'correct horses' })).toEqual([
      ['confirmPassword', MESSAGES.passwordsDoNotMatch],
    ]);
  });
});
