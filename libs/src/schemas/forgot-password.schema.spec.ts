import { MESSAGES } from '../messages';
import { forgotPasswordSchema } from './forgot-password.schema';

const problems = (value: unknown) =>
  forgotPasswordSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('forgotPasswordSchema', () => {
  it('accepts an email, trimmed and lower-cased', () => {
    expect(forgotPasswordSchema.parse({ email: ' Ada@Example.com' })).toEqual({ email: 'ada@example.com' });
  });

  it('requires the email', () => {
    expect(problems({ email: '' })).toEqual([['email', MESSAGES.completeAllFields]]);
    expect(problems({})).toEqual([['email', MESSAGES.completeAllFields]]);
  });

  it('refuses an invalid email', () => {
    expect(problems({ email: 'ada.example.com' })).toEqual([['email', MESSAGES.emailInvalid]]);
  });
});
