import { MESSAGES } from '../messages';
import { signInSchema } from './sign-in.schema';

const problems = (value: unknown) =>
  signInSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('signInSchema', () => {
  it('trims and lower-cases the email and keeps the password exactly as typed', () => {
    expect(signInSchema.parse({ email: ' Ada@Example.com ', password: ' secret ' })).toEqual({
      email: 'ada@example.com',
      password: ' secret ',
    });
  });

  it('requires both fields', () => {
    expect(problems({ email: '', password: '' })).toEqual([
      ['email', MESSAGES.completeAllFields],
      ['password', MESSAGES.completeAllFields],
    ]);
    expect(problems({})).toEqual([
      ['email', MESSAGES.completeAllFields],
      ['password', MESSAGES.completeAllFields],
    ]);
  });

  it('does not judge the email format or password strength', () => {
    expect(problems({ email: 'not-an-email', password: 'x' })).toBeUndefined();
  });

  it('answers an impossibly long entry as a failed login', () => {
    expect(problems({ email: 'a@b.co', password: 'x'.repeat(257) })).toEqual([['password', MESSAGES.loginFailed]]);
    expect(problems({ email: 'a'.repeat(255), password: 'x' })).toEqual([['email', MESSAGES.loginFailed]]);
  });
});
