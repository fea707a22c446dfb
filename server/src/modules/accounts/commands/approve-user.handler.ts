import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { ApproveUser } from '../contracts/approve-user.command';
import { assertStatusChange } from '../users/user-status-change';
import { User } from '../users/user.entity';

@CommandHandler(ApproveUser)
export class ApproveUserHandler implements ICommandHandler<ApproveUser> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute({ userId }: ApproveUser): Promise<void> {
    return this.unitOfWork.run(async () => {
      const user = await this.unitOfWork.repository(User).findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      assertStatusChange(user, 'approved');
      // Approving twice is a reviewer's double click on a stale page: say so rather than pass.
      if (user.status !== 'pending') throw new ConflictException(MESSAGES.accountStatusConflict);
      await this.unitOfWork.repository(User).update({ id: userId }, { status: 'approved' });
    });
  }
}
