import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { emailField } from './fields';
import { newPasswordShape } from './password.schema';

/** The one-time token from an emailed link: URL-safe base64 as the server issues it. */
export const linkTokenField = z
  .string({ error: MESSAGES.linkInvalid })
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{16,512}$/, MESSAGES.linkInvalid));

/**
 * What a page reached from an emailed link posts. The link carries the email as base64
 * (see base64-email.ts); the page decodes it and sends it plain, so the endpoint sees one format.
 */
export const passwordLinkShape = {
  email: emailField,
  token: linkTokenField,
  ...newPasswordShape,
};
