import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Clock } from '../../../../infrastructure/clock/clock';
import { AppConfig } from '../../../../infrastructure/config/app-config';

export const SANDBOX_BASE_PATH = '/api/sandbox/connect';

/** The sandbox pages; each link is signed for one of them. */
export type SandboxPage = 'onboard' | 'oauth/authorize' | 'dashboard';

export type SandboxLinkCheck =
  | { valid: true; params: Record<string, string> }
  | { valid: false; reason: 'invalid' | 'expired'; params: Record<string, string> };

/**
 * Links to the sandbox pages are signed (HMAC from APP_SECRET) and expire, like Stripe's own: the
 * pages redirect to URLs taken from the link, and must not become an open redirect.
 */
@Injectable()
export class SandboxLinks {
  private readonly key: Buffer;
  private readonly publicUrl: string;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', config.appSecret).update('rentwise/sandbox-links').digest();
    this.publicUrl = config.env.PUBLIC_URL.replace(/\/+$/, '');
  }

  url(page: SandboxPage, params: Record<string, string>, lifetimeSeconds: number): string {
    const signed = { ...params, expires: String(this.clock.nowUnixSeconds() + lifetimeSeconds) };
    const query = new URLSearchParams({ ...signed, signature: this.sign(page, signed) });
    return `${this.publicUrl}${SANDBOX_BASE_PATH}/${page}?${query.toString()}`;
  }

  /** Checks a link's query (GET) or the same fields posted back by the page's form (POST). */
  check(page: SandboxPage, fields: Record<string, unknown>, signedNames: readonly string[]): SandboxLinkCheck {
    const params: Record<string, string> = {};
    for (const name of [...signedNames, 'expires']) {
      const value = fields[name];
      if (typeof value === 'string') params[name] = value;
    }
    const signature = typeof fields.signature === 'string' ? fields.signature : '';
    const expected = Buffer.from(this.sign(page, params));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { valid: false, reason: 'invalid', params };
    }
    if (Number(params.expires) < this.clock.nowUnixSeconds()) return { valid: false, reason: 'expired', params };
    return { valid: true, params };
  }

  private sign(page: SandboxPage, params: Record<string, string>): string {
    const canonical = JSON.stringify([page, ...Object.keys(params).sort().map((name) => [name, params[name]])]);
    return createHmac('sha256', this.key).update(canonical).digest('base64url');
  }
}
