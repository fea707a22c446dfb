import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The security headers every answer carries: a page, a JSON answer and an error alike. These are
 * exactly the headers @fastify/helmet produced with our configuration (sandbox gateway, not
 * production), kept as a literal so that any change to them is a visible, reviewed change.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
    "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';frame-src 'none';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Headers that vary per answer (or say nothing about security). */
const PER_ANSWER = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'etag',
  'last-modified',
  'cache-control',
  'accept-ranges',
  'set-cookie',
]);

function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
}

describe('security headers', () => {
  let dist: string;
  let api: TestApp;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'rentwise-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    api = await startTestApp({ SERVE_CLIENT: 'true', CLIENT_DIST: dist });
  });

  afterAll(async () => {
    await api.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the same set with a page', async () => {
    const page = await api.request({ url: '/sign-in' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(securityHeadersOf(page.headers)).toEqual(SECURITY_HEADERS);
  });

  it('sends the same set with a JSON answer', async () => {
    const answer = await api.request({ url: '/api/account/validate' });
    expect(answer.statusCode).toBe(200);
    expect(securityHeadersOf(answer.headers)).toEqual(SECURITY_HEADERS);
  });

  it('sends the same set with an error, a refused write and an unknown API path', async () => {
    const unauthorised = await api.request({ url: '/api/landlord/properties' });
    expect(unauthorised.statusCode).toBe(401);
    expect(securityHeadersOf(unauthorised.headers)).toEqual(SECURITY_HEADERS);

    const crossSite = await api.request({
      method: 'POST',
      url: '/api/account/login',
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(securityHeadersOf(crossSite.headers)).toEqual(SECURITY_HEADERS);

    const unknown = await api.request({ url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(securityHeadersOf(unknown.headers)).toEqual(SECURITY_HEADERS);
  });

  // A browser going back reuses a stored answer without asking: "signed out" from before the
  // sign-in would send a signed-in person to "Your session has ended".
  it('lets no cache store an API answer, an error included', async () => {
    for (const url of ['/api/account/validate', '/api/landlord/properties', '/api/no-such-thing']) {
      expect((await api.request({ url })).headers['cache-control']).toBe('no-store');
    }
  });
});
