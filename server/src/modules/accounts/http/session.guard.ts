import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { MESSAGES } from '@rentwise/libs/messages';
import { IS_PUBLIC } from '../../../infrastructure/http/public.decorator';
import { ROLES, UserType } from '../../../infrastructure/http/roles.decorator';
import { SessionStore } from '../sessions/session-store';
import { SessionCookies } from './session-cookies';
import { RequestWithSessionUser } from './session-user';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs before every endpoint: attaches the signed-in person when the session cookie is live,
 * then lets through @Public() endpoints and, for the rest, only the @Roles() named (deny by default).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
    private readonly cookies: SessionCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const roles = this.reflector.getAllAndOverride<UserType[] | undefined>(ROLES, targets);
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithSessionUser>();

    const token = this.cookies.sessionTokenOf(request);
    const live = token ? await this.sessions.find(token) : null;
    if (live) {
      request.sessionUser = live.user;
      request.requester = {
        userId: live.user.id,
        type: live.user.type,
        sessionId: live.session.id,
        // A session is opened only by a password sign-in, so its own creation time is when this
        // browser last proved who it is; the user's lastLoginAt moves with sign-ins on other devices.
        signedInAt: live.session.createdAt,
      };
    }
    if (isPublic) return true;
    if (!roles?.length) throw new ForbiddenException(MESSAGES.unexpectedError);
    if (!request.requester) throw new UnauthorizedException(MESSAGES.sessionExpired);
    if (!roles.includes(request.requester.type)) throw new ForbiddenException(MESSAGES.notFound);
    if (!SAFE_METHODS.has(request.method) && !this.cookies.hasValidCsrfToken(request, request.requester.sessionId)) {
      throw new ForbiddenException(MESSAGES.unexpectedError);
    }
    return true;
  }
}
