import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  // The literals are what @fastify/helmet 13 (helmet 8) sent with our configuration.
  it('lets Stripe.js load its script, card frames and API, opens its bank sign-in popups, and adds HSTS in production', () => {
    expect(Object.fromEntries(securityHeaders({ stripe: true, production: true }))).toEqual({
      'Content-Security-Policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self' https://js.stripe.com;script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';upgrade-insecure-requests;frame-src https://js.stripe.com https://hooks.stripe.com;" +
        "connect-src 'self' https://api.stripe.com",
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Origin-Agent-Cluster': '?1',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'X-DNS-Prefetch-Control': 'off',
      'X-Download-Options': 'noopen',
      'X-Frame-Options': 'SAMEORIGIN',
      'X-Permitted-Cross-Domain-Policies': 'none',
      'X-XSS-Protection': '0',
    });
  });

  it('allows no frames and no other hosts with the sandbox, and no HSTS outside production', () => {
    const headers = Object.fromEntries(securityHeaders({ stripe: false, production: false }));
    expect(headers['Content-Security-Policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';frame-src 'none';connect-src 'self'",
    );
    expect(headers['Strict-Transport-Security']).toBeUndefined();
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
  });
});
