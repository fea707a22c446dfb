import { BadRequestException, ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Not } from 'typeorm';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens';
import { PasswordHasher } from '../passwords/password-hasher';
import { User } from '../users/user.entity';
import { ActivateAccount } from '../contracts/activate-account.command';

@CommandHandler(ActivateAccount)
export class ActivateAccountHandler implements ICommandHandler<ActivateAccount> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: OneTimeTokens,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute({ email, token, password }: ActivateAccount): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    await this.unitOfWork.run(async () => {
      const users = this.unitOfWork.repository(User);
      const user = await users.findOne({
        where: { email: email.trim().toLowerCase(), status: Not('removed') },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw new BadRequestException(MESSAGES.activationLinkInvalid);
      // Only someone holding this account's link learns that it is already active.
      if (user.status === 'active' && (await this.tokens.wasIssued(user.id, 'activation', token))) {
        throw new ConflictException(MESSAGES.passwordAlreadyCreated);
      }
      if (user.status !== 'approved' || !(await this.tokens.consume(user.id, 'activation', token))) {
        throw new BadRequestException(MESSAGES.activationLinkInvalid);
      }
      const activatedAt = this.clock.now();
      await users.update({ id: user.id }, { status: 'active', passwordHash, activatedAt });
    });
  }
}
