import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { formatPhoneInput, isCompletePhone } from '../phone';
import { isSingleLineText } from '../text';

const NAME_MAX_LENGTH = 100;
// The longest address SMTP allows; also bounds the work the email pattern can do.
const EMAIL_MAX_LENGTH = 254;

/**
 * Trimmed, required text; blank or missing reads 'Please complete all form fields.' Names are
 * shown to other people on one line, so control, layout and bidirectional characters are refused.
 */
export const nameField = z
  .string({ error: MESSAGES.completeAllFields })
  .check(
    z.trim(),
    z.minLength(1, { error: MESSAGES.completeAllFields, abort: true }),
    z.maxLength(NAME_MAX_LENGTH, { error: MESSAGES.nameTooLong, abort: true }),
    z.refine(isSingleLineText, MESSAGES.unsupportedCharacters),
  );

/** Trimmed and lower-cased, so one person has one email however they type it. */
export const emailField = z
  .string({ error: MESSAGES.completeAllFields })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: MESSAGES.completeAllFields, abort: true }),
    z.maxLength(EMAIL_MAX_LENGTH, { error: MESSAGES.emailInvalid, abort: true }),
    z.regex(z.regexes.email, MESSAGES.emailInvalid),
  );

/** Any way of writing ten digits in, '(999) 999-9999' out. */
export const phoneField = z.pipe(
  z
    .string({ error: MESSAGES.completeAllFields })
    .check(z.trim(), z.minLength(1, { error: MESSAGES.completeAllFields, abort: true }), z.refine(isCompletePhone, MESSAGES.phoneInvalid)),
  z.transform(formatPhoneInput),
);

/**
 * For a cross-field check: run it only when none of these fields has a problem of its own,
 * so the form shows 'Emails don't match' only once both emails are otherwise fine.
 */
export function unlessFieldsHaveIssues(...fields: string[]): (payload: z.core.ParsePayload) => boolean {
  return ({ issues }) =>
    issues.every((issue) => issue.path !== undefined && issue.path.length > 0 && !fields.includes(String(issue.path[0])));
}

/** A check across fields, as the arguments of z.refine() on an object schema. */
export type CrossFieldCheck<Value> = [
  check: (value: Value) => boolean,
  params: { error: string; path: PropertyKey[]; when: (payload: z.core.ParsePayload) => boolean },
];

/** Spread into z.refine(): email and confirmEmail must be the same address. */
export const emailsMatch: CrossFieldCheck<{ email: string; confirmEmail: string }> = [
  (value) => value.email === value.confirmEmail,
  { error: MESSAGES.emailsDoNotMatch, path: ['confirmEmail'], when: unlessFieldsHaveIssues('email', 'confirmEmail') },
];

/** The name, email and phone a person gives at sign-up, when added as a tenant, and on their profile. */
export const contactDetailsShape = {
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  confirmEmail: emailField,
  phone: phoneField,
};
