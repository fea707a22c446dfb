import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { RejectUser } from '../contracts/reject-user.command';
import { assertStatusChange } from '../users/user-status-change';
import { User } from '../users/user.entity';

@CommandHandler(RejectUser)
export class RejectUserHandler implements ICommandHandler<RejectUser> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute({ userId }: RejectUser): Promise<void> {
    return this.unitOfWork.run(async () => {
      const user = await this.unitOfWork.repository(User).findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      assertStatusChange(user, 'rejected');
      if (user.status !== 'pending') throw new ConflictException(MESSAGES.accountStatusConflict);
      await this.unitOfWork.repository(User).update({ id: userId }, { status: 'rejected' });
    });
  }
}
