import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SessionStore } from '../sessions/session-store';
import { SignOut } from './sign-out.command';

@CommandHandler(SignOut)
export class SignOutHandler implements ICommandHandler<SignOut> {
  constructor(private readonly sessions: SessionStore) {}

  execute({ sessionId }: SignOut): Promise<void> {
    return this.sessions.revoke(sessionId);
  }
}
