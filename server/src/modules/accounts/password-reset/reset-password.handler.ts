import { BadRequestException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionStore } from '../sessions/session-store';
import { SignInAttempts } from '../sign-in/sign-in-attempts';
import { User } from '../users/user.entity';
import { ResetPassword } from './reset-password.command';

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: OneTimeTokens,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly attempts: SignInAttempts,
  ) {}

  async execute({ email, token, password }: ResetPassword): Promise<void> {
    const normalisedEmail = email.trim().toLowerCase();
    // Hashed before the transaction: argon2 takes a while and holds no lock.
    const passwordHash = await this.hasher.hash(password);
    await this.unitOfWork.run(async () => {
      const users = this.unitOfWork.repository(User);
      const user = await users.findOneBy({ email: normalisedEmail, status: 'active' });
      // Unknown email, wrong token, used or expired: one answer, and the password stays as it was.
      if (!user || !(await this.tokens.consume(user.id, 'password_reset', token))) {
        throw new BadRequestException(MESSAGES.linkInvalid);
      }
      await users.update({ id: user.id }, { passwordHash });
      // Whoever knew the old password is signed out everywhere, and an email change they asked
      // for (the notice to this address says a reset cancels it) never happens.
      await this.sessions.revokeAllFor(user.id);
      await this.tokens.voidAll(user.id, 'email_change');
    });
    await this.attempts.recordSuccess(normalisedEmail);
  }
}
