import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { DisableUser } from '../contracts/disable-user.command';
import { SessionStore } from '../sessions/session-store';
import { assertStatusChange } from '../users/user-status-change';
import { User } from '../users/user.entity';

@CommandHandler(DisableUser)
export class DisableUserHandler implements ICommandHandler<DisableUser> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sessions: SessionStore,
  ) {}

  execute({ userId }: DisableUser): Promise<void> {
    return this.unitOfWork.run(async () => {
      const user = await this.unitOfWork.repository(User).findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      assertStatusChange(user, 'disabled');
      await this.unitOfWork.repository(User).update({ id: userId }, { status: 'disabled' });
      await this.sessions.revokeAllFor(userId);
    });
  }
}
