import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { IsNull } from 'typeorm';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { RemoveUser } from '../contracts/remove-user.command';
import { OneTimeToken } from '../one-time-tokens/one-time-token.entity';
import { SessionStore } from '../sessions/session-store';
import { assertStatusChange } from '../users/user-status-change';
import { User } from '../users/user.entity';

@CommandHandler(RemoveUser)
export class RemoveUserHandler implements ICommandHandler<RemoveUser> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  execute({ userId }: RemoveUser): Promise<void> {
    return this.unitOfWork.run(async () => {
      const user = await this.unitOfWork.repository(User).findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      assertStatusChange(user, 'removed');
      await this.unitOfWork.repository(User).update({ id: userId }, { status: 'removed' });
      await this.sessions.revokeAllFor(userId);
      // An invitation or reset link sent earlier must not bring the account back.
      await this.unitOfWork
        .repository(OneTimeToken)
        .update({ userId, usedAt: IsNull() }, { usedAt: this.clock.now() });
    });
  }
}
