import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Not } from 'typeorm';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { CreateUser } from '../contracts/create-user.command';
import { PasswordHasher } from '../passwords/password-hasher';
import { User } from '../users/user.entity';

@CommandHandler(CreateUser)
export class CreateUserHandler implements ICommandHandler<CreateUser> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute({ user }: CreateUser): Promise<{ userId: string }> {
    const email = user.email.trim().toLowerCase();
    if (user.status === 'active' && !user.password) throw new Error('An active user needs a password');
    const passwordHash = user.password ? await this.hasher.hash(user.password) : null;
    const users = this.unitOfWork.repository(User);
    if (await users.existsBy({ email, status: Not('removed') })) throw new ConflictException(MESSAGES.emailTaken);
    try {
      const { identifiers } = await users.insert({
        type: user.type,
        status: user.status,
        firstName: user.firstName.trim(),
        lastName: user.lastName.trim(),
        email,
        phone: user.phone,
        passwordHash,
        activatedAt: user.status === 'active' ? this.clock.now() : null,
      });
      return { userId: identifiers[0].id as string };
    } catch (error) {
      // Two sign-ups with one email at the same moment: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw new ConflictException(MESSAGES.emailTaken);
      throw error;
    }
  }
}
