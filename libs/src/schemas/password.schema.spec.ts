import fc from 'fast-check';
import { COMMON_PASSWORDS } from '../common-passwords';
import { MESSAGES } from '../messages';
import { isCommonPassword, newPasswordSchema } from './password.schema';

const problems = (value: unknown) =>
  newPasswordSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
const both = (password: string) => ({ password, confirmPassword: password });

describe('newPasswordSchema', () => {
  it('accepts a password of at least 8 characters entered twice', () => {
    expect(newPasswordSchema.parse(both('correct horse'))).toEqual(both('correct horse'));
  });

  it('refuses 7 characters and accepts 8', () => {
    expect(problems(both('Xk7#qp2'))).toEqual([['password', MESSAGES.passwordTooShort]]);
    expect(problems(both('Xk7#qp2z'))).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(problems(both('🔑🔑🔑🔑'))).toEqual([['password', MESSAGES.passwordTooShort]]);
    expect(problems(both('🔑🔑🔑🔑🔑🔑🔑🔑'))).toBeUndefined();
  });

  it('refuses a missing password as too short', () => {
    expect(problems({})).toEqual([
      ['password', MESSAGES.passwordTooShort],
      ['confirmPassword', MESSAGES.passwordsDoNotMatch],
    ]);
  });

  it('accepts 256 characters and refuses 257', () => {
    expect(problems(both('Xk7#'.repeat(64)))).toBeUndefined();
    expect(problems(both('Xk7#'.repeat(64) + 'z'))).toEqual([['password', MESSAGES.passwordTooLong]]);
  });

  it('refuses a common password whatever its case', () => {
    expect(problems(both('password1'))).toEqual([['password', MESSAGES.passwordTooCommon]]);
    expect(problems(both('PassWord1'))).toEqual([['password', MESSAGES.passwordTooCommon]]);
  });

  it('refuses entries that do not match', () => {
    expect(problems({ password: 'correct horse', confirmPassword: 'correct hose' })).toEqual([
      ['confirmPassword', MESSAGES.passwordsDoNotMatch],
    ]);
  });

  it('reports only the password problem when the password itself is refused', () => {
    expect(problems({ password: 'short', confirmPassword: 'different' })).toEqual([['password', MESSAGES.passwordTooShort]]);
  });

  it('does not trim: a trailing space makes a different password', () => {
    expect(problems({ password: 'correct horse ', confirmPassword: 'correct horse' })).toEqual([
      ['confirmPassword', MESSAGES.passwordsDoNotMatch],
    ]);
  });
});

describe('common passwords', () => {
  it('knows the usual suspects', () => {
    for (const password of ['password', '12345678', 'qwertyuiop', 'iloveyou', 'trustno1', '1qaz2wsx', 'Sunshine']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it('lets an unusual password through', () => {
    expect(isCommonPassword('plum-vapor-orbit-92')).toBe(false);
  });

  it('holds only lower-case entries of at least 8 characters, and hundreds of them', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(500);
    for (const password of COMMON_PASSWORDS) {
      expect(password).toBe(password.toLowerCase());
      expect([...password].length).toBeGreaterThanOrEqual(8);
    }
  });

  it('refuses every listed password in any case', () => {
    const listed = fc.constantFrom(...COMMON_PASSWORDS);
    fc.assert(
      fc.property(listed, fc.boolean(), (password, upper) => {
        expect(isCommonPassword(upper ? password.toUpperCase() : password)).toBe(true);
      }),
    );
  });
});
