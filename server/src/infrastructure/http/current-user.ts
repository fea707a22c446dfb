import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { UserType } from './roles.decorator';

/** The signed-in person, attached to the request by the Accounts session guard. */
export interface Requester {
  userId: string;
  type: UserType;
  sessionId: string;
  /** When the person last proved who they are with a password (the 30-minute payment rule). */
  lastLoginAt: Date;
}

export interface RequestWithRequester {
  requester?: Requester;
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Requester => {
  const request = context.switchToHttp().getRequest<RequestWithRequester>();
  if (!request.requester) throw new Error('CurrentUser used on an endpoint without a role guard');
  return request.requester;
});
