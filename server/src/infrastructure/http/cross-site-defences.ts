import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { MESSAGES } from '@rentwise/libs/messages';
import { AppConfig } from '../config/app-config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_ONLY = ['application/json'];
const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d+$/;

/**
 * Fastify route config (Nest's @RouteConfig) naming the body types a route takes instead of JSON:
 * `@RouteConfig(acceptsBody('multipart/form-data'))`.
 */
export interface BodyTypesConfig {
  bodyTypes?: string[];
}

export const acceptsBody = (...bodyTypes: string[]): BodyTypesConfig => ({ bodyTypes });

/**
 * Every state-changing request (any method but GET, HEAD, OPTIONS), before its body is parsed:
 *  1. comes from our own pages: an Origin header must be PUBLIC_URL's origin; without one, a
 *     Sec-Fetch-Site header must say same-origin (no header at all: not a browser, so not CSRF);
 *  2. carries JSON, unless the route names other body types; so a plain HTML form on another site
 *     (urlencoded, multipart or text/plain, which need no CORS preflight) cannot post to the API;
 *  3. is not compressed (Content-Encoding): nothing we serve sends one, and none is inflated.
 * Refusals use the usual { status, error } shape. See docs/decisions/0017-csrf-and-origin.md.
 */
export function registerCrossSiteDefences(fastify: FastifyInstance, config: AppConfig): void {
  const ownOrigin = new URL(config.env.PUBLIC_URL).origin;
  // Development serves pages from other loopback ports too (Vite's dev server proxies /api).
  const isOwnOrigin = (origin: string): boolean =>
    origin === ownOrigin || (!config.isProduction && LOOPBACK_ORIGIN.test(origin));

  // A callback hook, not an async one: reads (most requests) pass with no promise to settle.
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (!comesFromOwnPages(request, isOwnOrigin)) {
      return void reply.status(403).send({ status: 'error', error: MESSAGES.crossSiteRequest });
    }
    const accepted = (request.routeOptions.config as BodyTypesConfig | undefined)?.bodyTypes ?? JSON_ONLY;
    if (hasBody(request) && (!accepted.includes(mediaTypeOf(request)) || isEncoded(request))) {
      return void reply.status(415).send({ status: 'error', error: MESSAGES.unsupportedBodyType });
    }
    done();
  });
}

function comesFromOwnPages(request: FastifyRequest, isOwnOrigin: (origin: string) => boolean): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return isOwnOrigin(origin);
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isEncoded(request: FastifyRequest): boolean {
  const encoding = request.headers['content-encoding'];
  return encoding !== undefined && encoding.trim().toLowerCase() !== 'identity';
}

function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}
