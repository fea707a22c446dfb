import { Injectable } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '../sessions/session-policy';

/** The header the client repeats the CSRF cookie in (client/src/app/api.ts). */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'rw_csrf';

/**
 * The session token lives in an HttpOnly cookie (`__Host-` prefixed in production). Writes also
 * need the CSRF token: an HMAC of the session id, readable by our pages only, repeated in a header.
 */
@Injectable()
export class SessionCookies {
  readonly sessionCookie: string;
  private readonly secure: boolean;

  constructor(private readonly config: AppConfig) {
    this.secure = config.isProduction || config.env.PUBLIC_URL.startsWith('https:');
    this.sessionCookie = config.isProduction ? '__Host-rw_session' : 'rw_session';
  }

  sessionTokenOf(request: FastifyRequest): string | undefined {
    return request.cookies?.[this.sessionCookie] || undefined;
  }

  csrfTokenFor(sessionId: string): string {
    return createHmac('sha256', this.config.appSecret).update(`csrf:${sessionId}`).digest('base64url');
  }

  hasValidCsrfToken(request: FastifyRequest, sessionId: string): boolean {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string') return false;
    const expected = Buffer.from(this.csrfTokenFor(sessionId));
    const given = Buffer.from(sent);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  set(reply: FastifyReply, token: string, sessionId: string): void {
    const maxAge = SESSION_ABSOLUTE_TIMEOUT_MS / 1000;
    void reply.setCookie(this.sessionCookie, token, {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'lax',
      path: '/',
      maxAge,
    });
    void reply.setCookie(CSRF_COOKIE, this.csrfTokenFor(sessionId), {
      httpOnly: false,
      secure: this.secure,
      sameSite: 'strict',
      path: '/',
      maxAge,
    });
  }

  clear(reply: FastifyReply): void {
    void reply.clearCookie(this.sessionCookie, { path: '/', secure: this.secure, httpOnly: true, sameSite: 'lax' });
    void reply.clearCookie(CSRF_COOKIE, { path: '/', secure: this.secure, sameSite: 'strict' });
  }
}
