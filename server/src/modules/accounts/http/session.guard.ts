import { CanActivate, ExecutionContext, ForbiddenException, Injectable, Type, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { MESSAGES } from '@rentwise/libs/messages';
import { IS_PUBLIC } from '../../../infrastructure/http/public.decorator';
import { ROLES, UserType } from '../../../infrastructure/http/roles.decorator';
import { SessionStore } from '../sessions/session-store';
import { SessionCookies } from './session-cookies';
import { RequestWithSessionUser } from './session-user';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface RouteAccess {
  isPublic: boolean;
  roles: UserType[] | undefined;
}

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

  private readonly access = new WeakMap<object, Map<object, RouteAccess>>();

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = this.accessTo(context.getHandler(), context.getClass());
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithSessionUser>();
    const token = this.cookies.sessionTokenOf(request);
    // Without a session cookie there is nothing to look up: decided at once, with no promise to wait for.
    if (!token) return this.decide(request, access);
    return this.sessions.find(token).then((live) => {
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
      return this.decide(request, access);
    });
  }

  private decide(request: FastifyRequest & RequestWithSessionUser, { isPublic, roles }: RouteAccess): boolean {
    if (isPublic) return true;
    if (!roles?.length) throw new ForbiddenException(MESSAGES.unexpectedError);
    if (!request.requester) throw new UnauthorizedException(MESSAGES.sessionExpired);
    if (!roles.includes(request.requester.type)) throw new ForbiddenException(MESSAGES.notFound);
    if (!SAFE_METHODS.has(request.method) && !this.cookies.hasValidCsrfToken(request, request.requester.sessionId)) {
      throw new ForbiddenException(MESSAGES.unexpectedError);
    }
    return true;
  }

  /** @Public() and @Roles() of a route, read from its metadata once (it never changes after start-up). */
  private accessTo(handler: ReturnType<ExecutionContext['getHandler']>, controller: Type): RouteAccess {
    let byController = this.access.get(handler);
    if (!byController) this.access.set(handler, (byController = new Map()));
    let access = byController.get(controller);
    if (!access) {
      const targets = [handler, controller];
      access = {
        isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
        roles: this.reflector.getAllAndOverride<UserType[] | undefined>(ROLES, targets),
      };
      byController.set(controller, access);
    }
    return access;
  }
}
