import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { contactDetailsShape, emailField, emailsMatch, nameField, phoneField, unlessFieldsHaveIssues } from './fields';

const messagesOf = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('nameField', () => {
  it('keeps a name without the spaces around it', () => {
    expect(nameField.parse('  Ada  ')).toBe('Ada');
  });

  it('asks to complete the form, once, for a blank, missing or non-text name', () => {
    for (const value of ['', '   ', undefined, null, 42]) {
      expect(messagesOf(nameField, value)).toEqual([MESSAGES.completeAllFields]);
    }
  });

  it('takes up to 100 characters, counted without the spaces around them', () => {
    expect(nameField.parse(` ${'x'.repeat(100)} `)).toBe('x'.repeat(100));
    expect(messagesOf(nameField, 'x'.repeat(101))).toEqual([MESSAGES.nameTooLong]);
  });

  it('says only that a name is too long when it is also unsupported', () => {
    expect(messagesOf(nameField, `${'x'.repeat(100)}\u202E`)).toEqual([MESSAGES.nameTooLong]);
  });

  it('refuses control, layout and bidirectional characters, which would change how the name reads to others', () => {
    for (const name of ['Ada\u0000', 'Ada\tLovelace', 'Ada\nLovelace', 'Ada\u202ELovelace', 'Ada\u0007']) {
      expect(messagesOf(nameField, name)).toEqual([MESSAGES.unsupportedCharacters]);
    }
    expect(nameField.parse('Zoë Ångström-Nuñez')).toBe('Zoë Ångström-Nuñez');
  });
});

describe('emailField', () => {
  it('keeps one form of an address however it is typed', () => {
    expect(emailField.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('asks to complete the form, once, for a blank, missing or non-text email', () => {
    for (const value of ['', '   ', undefined, 42]) {
      expect(messagesOf(emailField, value)).toEqual([MESSAGES.completeAllFields]);
    }
  });

  it('takes an address of up to 254 characters, the longest SMTP allows, and says once that a longer one is invalid', () => {
    const atMost = `${'a'.repeat(248)}@x.com`;
    expect(atMost).toHaveLength(254);
    expect(emailField.parse(atMost)).toBe(atMost);
    expect(messagesOf(emailField, `a${atMost}`)).toEqual([MESSAGES.emailInvalid]);
    expect(messagesOf(emailField, `${'a@'.repeat(200)}`)).toEqual([MESSAGES.emailInvalid]);
  });

  it('refuses what is not an address', () => {
    for (const email of ['ada', 'ada@', '@example.com', 'ada@example', 'ada lovelace@example.com']) {
      expect(messagesOf(emailField, email)).toEqual([MESSAGES.emailInvalid]);
    }
  });
});

describe('phoneField', () => {
  it('takes ten digits written any way and gives them back as (999) 999-9999', () => {
    for (const phone of ['5551234567', ' 555.123.4567 ', '+1 (555) 123-4567', '555 123 4567']) {
      expect(phoneField.parse(phone)).toBe('(555) 123-4567');
    }
  });

  it('asks to complete the form, once, for a blank, missing or non-text phone', () => {
    for (const value of ['', '  ', undefined, 5551234567]) {
      expect(messagesOf(phoneField, value)).toEqual([MESSAGES.completeAllFields]);
    }
  });

  it('refuses a number without ten digits', () => {
    for (const phone of ['555123456', '55512345678', 'phone']) {
      expect(messagesOf(phoneField, phone)).toEqual([MESSAGES.phoneInvalid]);
    }
  });
});

describe('unlessFieldsHaveIssues', () => {
  const emailsAreFine = unlessFieldsHaveIssues('email', 'confirmEmail');
  const issue = (path: PropertyKey[] | undefined) => ({ code: 'custom', message: 'x', input: '', path }) as z.core.$ZodRawIssue;
  const when = (...issues: z.core.$ZodRawIssue[]) => emailsAreFine({ value: {}, issues });

  it('runs the cross-field check when no field has a problem, or only fields it does not name', () => {
    expect(when()).toBe(true);
    expect(when(issue(['phone']), issue(['firstName']))).toBe(true);
  });

  it('does not run it when any field it names has a problem', () => {
    expect(when(issue(['email']))).toBe(false);
    expect(when(issue(['phone']), issue(['confirmEmail']))).toBe(false);
    expect(when(issue(['confirmEmail', 'inner']))).toBe(false);
  });

  it('does not run it when the form as a whole has a problem', () => {
    expect(when(issue([]))).toBe(false);
    expect(when(issue(undefined))).toBe(false);
  });
});

describe('emailsMatch', () => {
  const contactDetails = z.object(contactDetailsShape).check(z.refine(...emailsMatch));
  const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', confirmEmail: 'ada@example.com', phone: '5551234567' };
  const problems = (value: unknown) =>
    contactDetails.safeParse(value).error?.issues.map((problem) => [problem.path.join('.'), problem.message]);

  it('accepts the same address twice, however it was typed', () => {
    expect(problems({ ...valid, confirmEmail: ' ADA@example.com ' })).toBeUndefined();
  });

  it("says 'Emails don't match' under the confirmation when the addresses differ", () => {
    expect(problems({ ...valid, confirmEmail: 'ada@example.org' })).toEqual([['confirmEmail', MESSAGES.emailsDoNotMatch]]);
  });

  it('says nothing about matching while either email has a problem of its own', () => {
    expect(problems({ ...valid, confirmEmail: 'ada@' })).toEqual([['confirmEmail', MESSAGES.emailInvalid]]);
    expect(problems({ ...valid, email: '' })).toEqual([['email', MESSAGES.completeAllFields]]);
  });

  it('still says it when only another field has a problem', () => {
    expect(problems({ ...valid, phone: '555', confirmEmail: 'ada@example.org' })).toEqual([
      ['phone', MESSAGES.phoneInvalid],
      ['confirmEmail', MESSAGES.emailsDoNotMatch],
    ]);
  });
});
