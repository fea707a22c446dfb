import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isApiPath } from './api-path';

export interface SecurityHeaderOptions {
  /** With Stripe, card entry is Stripe.js: its script, its card iframes and its API are Stripe's hosts. */
  stripe: boolean;
  /** With Authorize.Net keys, card entry for its landlords' tenants is Accept.js: its script host and its API host. */
  acceptJs?: { scriptOrigin: string; apiOrigin: string } | null;
  /** Production adds HSTS and upgrade-insecure-requests. */
  production: boolean;
}

/**
 * The security headers of every answer, as helmet's defaults with our CSP, written out once: they
 * depend only on configuration, so they are built at start-up rather than per response.
 */
export function securityHeaders({ stripe, acceptJs = null, production }: SecurityHeaderOptions): ReadonlyArray<readonly [string, string]> {
  const policy = [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    `script-src 'self'${stripe ? ' https://js.stripe.com' : ''}${acceptJs ? ` ${acceptJs.scriptOrigin}` : ''}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    ...(production ? ['upgrade-insecure-requests'] : []),
    `frame-src ${stripe ? 'https://js.stripe.com https://hooks.stripe.com' : "'none'"}`,
    `connect-src 'self'${stripe ? ' https://api.stripe.com' : ''}${acceptJs ? ` ${acceptJs.apiOrigin}` : ''}`,
  ];
  const headers: [string, string][] = [
    ['Content-Security-Policy', policy.join(';')],
    // Stripe's Financial Connections opens some banks' sign-in in a popup it must be able to reach,
    // and needs the page's origin as the referrer (its deployment checklist); the sandbox needs neither.
    ['Cross-Origin-Opener-Policy', stripe ? 'same-origin-allow-popups' : 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', stripe ? 'strict-origin-when-cross-origin' : 'no-referrer'],
    ...(production ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
  return Object.freeze(headers.map((header) => Object.freeze(header)));
}

/**
 * Sets the headers on every answer (pages, JSON, errors, 404s) as the request arrives, so a hook
 * that answers early (cross-site defences) still sends them. The API's answers are also stored by no
 * cache: they are one person's, and a browser going back or forward reuses a stored answer as it is,
 * so a payment history could outlive its sign-out and a page could be handed an earlier session's
 * answer. A handler that may be cached (a profile photo) sets its own Cache-Control, which wins.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = Object.fromEntries(securityHeaders(options));
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    // Fastify's own header list, not Node's setHeader on the raw response: Node checks each header
    // once either way, when the answer is written, and setHeader's bookkeeping on top cost about a
    // tenth of a signed-out request's CPU.
    void reply.headers(headers);
    if (isApiPath(request.url)) void reply.header('Cache-Control', 'no-store');
    done();
  });
}
