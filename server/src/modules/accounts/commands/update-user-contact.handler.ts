import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Not } from 'typeorm';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { UpdateUserContact } from '../contracts/update-user-contact.command';
import { UserView } from '../contracts/user-view';
import { toUserView } from '../users/to-user-view';
import { User } from '../users/user.entity';

@CommandHandler(UpdateUserContact)
export class UpdateUserContactHandler implements ICommandHandler<UpdateUserContact> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute({ userId, contact }: UpdateUserContact): Promise<UserView> {
    return this.unitOfWork.run(async () => {
      const users = this.unitOfWork.repository(User);
      const user = await users.findOneBy({ id: userId, status: Not('removed') });
      if (!user) throw new NotFoundException(MESSAGES.notFound);
      const email = contact.email.trim().toLowerCase();
      if (email !== user.email) {
        // Once someone has a password the sign-in email is theirs: only they change it, by a link
        // sent to the new address (UpdateOwnProfile). Anyone else changing it could take the account.
        if (user.passwordHash !== null) throw new ConflictException(MESSAGES.emailChangeNeedsOwner);
        if (await users.existsBy({ email, status: Not('removed'), id: Not(userId) })) {
          throw new ConflictException(MESSAGES.emailTaken);
        }
      }
      user.firstName = contact.firstName.trim();
      user.lastName = contact.lastName.trim();
      user.email = email;
      user.phone = contact.phone;
      try {
        await users.update(
          { id: userId },
          { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone },
        );
      } catch (error) {
        // Two accounts taking one email at the same moment: the unique index decides.
        if ((error as { code?: string }).code === '23505') throw new ConflictException(MESSAGES.emailTaken);
        throw error;
      }
      return toUserView(user);
    });
  }
}
