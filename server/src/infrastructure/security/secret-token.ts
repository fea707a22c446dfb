import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Used for session cookies and for every emailed one-time token. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a fast hash is enough to make a stolen table useless. */
export function hashSecretToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
