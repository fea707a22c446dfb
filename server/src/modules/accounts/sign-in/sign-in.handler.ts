import { UnauthorizedException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Not } from 'typeorm';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { needsRehash, PasswordHasher } from '../passwords/password-hasher';
import { SessionStore } from '../sessions/session-store';
import { User } from '../users/user.entity';
import { SignInAttempts } from './sign-in-attempts';
import { SignIn } from './sign-in.command';
import { SignedIn } from './signed-in';

/** One answer for every failure, after the same amount of hashing, so that nobody learns who has an account. */
@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly attempts: SignInAttempts,
    private readonly clock: Clock,
  ) {}

  async execute({ email, password, address }: SignIn): Promise<SignedIn> {
    const normalisedEmail = email.trim().toLowerCase();
    await this.attempts.assertAllowed(normalisedEmail, address);

    const user = await this.unitOfWork.repository(User).findOneBy({ email: normalisedEmail, status: Not('removed') });
    const passwordMatches = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !passwordMatches || user.status !== 'active') {
      await this.attempts.recordFailure(normalisedEmail, address);
      throw new UnauthorizedException(MESSAGES.loginFailed);
    }
    await this.attempts.recordSuccess(normalisedEmail);

    user.lastLoginAt = this.clock.now();
    if (needsRehash(user.passwordHash!)) user.passwordHash = await this.hasher.hash(password);
    return this.unitOfWork.run(async () => {
      await this.unitOfWork
        .repository(User)
        .update({ id: user.id }, { lastLoginAt: user.lastLoginAt, passwordHash: user.passwordHash });
      const { token, session } = await this.sessions.open(user.id);
      return { token, session, user };
    });
  }
}
