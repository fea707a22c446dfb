import { createHmac, timingSafeEqual } from 'node:crypto';
import { hashSecretToken, newSecretToken } from '../../../infrastructure/security/secret-token';

/**
 * The `state` that travels through the provider and back to /landlord/oAuth (the spec's "base64
 * state with a state prefix"): base64url of `state_<registrationId>.<expiresUnixSeconds>.<binding>.<mac>`.
 *
 * - mac: HMAC-SHA256 over the rest with a key derived from APP_SECRET, so nobody can name another
 *   registration or extend the expiry.
 * - binding: a hash of a random nonce kept in an HttpOnly cookie of the browser that started step 1.
 *   A state seen in a URL is not enough to attach someone else's provider account (the OAuth code
 *   path) or to reopen the provider's onboarding form: the cookie must come with it.
 */
export const PAYOUT_STATE_LIFETIME_SECONDS = 2 * 60 * 60;

const PREFIX = 'state_';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type PayoutStateCheck =
  | { valid: true; registrationId: string; binding: string }
  | { valid: false; reason: 'invalid' | 'expired' };

export const newBindingNonce = newSecretToken;

export function bindingOf(nonce: string): string {
  return hashSecretToken(nonce).subarray(0, 16).toString('base64url');
}

export class PayoutStateSigner {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = createHmac('sha256', appSecret).update('rentwise/onboarding/payout-state').digest();
  }

  issue(registrationId: string, nonce: string, nowUnixSeconds: number): string {
    const body = `${PREFIX}${registrationId}.${nowUnixSeconds + PAYOUT_STATE_LIFETIME_SECONDS}.${bindingOf(nonce)}`;
    return Buffer.from(`${body}.${this.mac(body)}`, 'utf8').toString('base64url');
  }

  verify(state: string, nowUnixSeconds: number): PayoutStateCheck {
    const invalid = { valid: false, reason: 'invalid' } as const;
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(state)) return invalid;
    const decoded = Buffer.from(state, 'base64url').toString('utf8');
    const parts = decoded.split('.');
    if (parts.length !== 4 || !parts[0].startsWith(PREFIX)) return invalid;
    const [named, expires, binding, mac] = parts;
    const expected = Buffer.from(this.mac(`${named}.${expires}.${binding}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
    const registrationId = named.slice(PREFIX.length);
    if (!UUID.test(registrationId) || !/^\d{1,12}$/.test(expires)) return invalid;
    if (Number(expires) <= nowUnixSeconds) return { valid: false, reason: 'expired' };
    return { valid: true, registrationId, binding };
  }

  /** Whether the nonce from the cookie is the one this state was issued with. */
  isBound(check: { binding: string }, nonce: string | undefined): boolean {
    if (!nonce) return false;
    const expected = Buffer.from(check.binding);
    const given = Buffer.from(bindingOf(nonce));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body, 'utf8').digest('base64url');
  }
}
