import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { UserType } from './roles.decorator';

/** The signed-in person, attached to the request by the Accounts session guard. */
export interface Requester {
  userId: string;
  type: UserType;
  sessionId: string;
  /**
   * When this session was opened by a password sign-in (the 30-minute payment rule). Per session:
   * signing in on another device does not make this one fresh.
   */
  signedInAt: Date;
}

export interface RequestWithRequester {
  requester?: Requester;
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Requester => {
  const request = context.switchToHttp().getRequest<RequestWithRequester>();
  if (!request.requester) throw new Error('CurrentUser used on an endpoint without a role guard');
  return request.requester;
});
