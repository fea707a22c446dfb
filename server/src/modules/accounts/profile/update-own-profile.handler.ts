import { BadRequestException, NotFoundException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EntityManager, Not } from 'typeorm';
import { MESSAGES } from '@rentwise/libs/messages';
import { isSignInFresh } from '@rentwise/libs/payment-rules';
import { Clock } from '../../../infrastructure/clock/clock';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { EmailChange } from '../email-change/email-change.entity';
import { confirmNewEmailEmail } from '../emails/confirm-new-email.email';
import { emailChangeNoticeEmail } from '../emails/email-change-notice.email';
import { newEmailHasAccountEmail } from '../emails/new-email-has-account.email';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens';
import { PasswordHasher } from '../passwords/password-hasher';
import { SignInAttempts } from '../sign-in/sign-in-attempts';
import { toUserView } from '../users/to-user-view';
import { User } from '../users/user.entity';
import { UpdatedOwnProfile, UpdateOwnProfile } from './update-own-profile.command';

/**
 * A borrowed session must not be enough to take an account (issue 32): a new email needs the
 * current password or a fresh sign-in, is confirmed from the new mailbox, and the old one is told.
 */
@CommandHandler(UpdateOwnProfile)
export class UpdateOwnProfileHandler implements ICommandHandler<UpdateOwnProfile> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: OneTimeTokens,
    private readonly hasher: PasswordHasher,
    private readonly attempts: SignInAttempts,
    private readonly mail: MailQueue,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  async execute({ requester, profile, address }: UpdateOwnProfile): Promise<UpdatedOwnProfile> {
    const user = await this.unitOfWork.repository(User).findOneBy({ id: requester.userId, status: 'active' });
    if (!user) throw new NotFoundException(MESSAGES.notFound);
    const newEmail = profile.email.trim().toLowerCase();
    const changesEmail = newEmail !== user.email;
    // Checked before anything is saved: a refused password leaves name and phone as they were too.
    if (changesEmail) await this.proveItIsThem(user, requester.signedInAt, profile.currentPassword, address);

    return this.unitOfWork.run(async (manager) => {
      user.firstName = profile.firstName.trim();
      user.lastName = profile.lastName.trim();
      user.phone = profile.phone;
      await this.unitOfWork
        .repository(User)
        .update({ id: user.id }, { firstName: user.firstName, lastName: user.lastName, phone: user.phone });
      if (changesEmail) await this.askNewMailbox(manager, user, newEmail, requester.sessionId);
      return { user: toUserView(user), pendingEmail: changesEmail ? newEmail : null };
    });
  }

  private async proveItIsThem(user: User, signedInAt: Date, currentPassword: string | undefined, address: string): Promise<void> {
    if (!currentPassword) {
      if (isSignInFresh(signedInAt, this.clock.now())) return;
      throw new BadRequestException(MESSAGES.currentPasswordRequired);
    }
    // Guesses here count with sign-in's, so a borrowed session cannot try passwords without limit.
    await this.attempts.assertAllowed(user.email, address);
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) {
      await this.attempts.recordFailure(user.email, address);
      throw new BadRequestException(MESSAGES.currentPasswordWrong);
    }
  }

  /**
   * The same steps and the same answer whether or not the address is free; only what its mailbox
   * reads differs. An earlier request's link stops working either way: the latest request wins.
   */
  private async askNewMailbox(manager: EntityManager, user: User, newEmail: string, sessionId: string): Promise<void> {
    await this.tokens.voidAll(user.id, 'email_change');
    const users = this.unitOfWork.repository(User);
    const taken = await users.existsBy({ email: newEmail, status: Not('removed'), id: Not(user.id) });
    if (taken) {
      await this.mail.send(manager, newEmailHasAccountEmail(newEmail, this.pageUrl('/sign-in'), this.config.env.SUPPORT_EMAIL, this.config.env.PUBLIC_URL));
    } else {
      const { id, token } = await this.tokens.issueWithId(user.id, 'email_change');
      await this.unitOfWork
        .repository(EmailChange)
        .insert({ tokenId: id, userId: user.id, newEmail, requestedInSessionId: sessionId });
      const url = new URL(this.pageUrl('/account/confirm-email'));
      url.searchParams.set('token', token);
      await this.mail.send(manager, confirmNewEmailEmail(newEmail, user.firstName, url.toString(), this.config.env.PUBLIC_URL));
    }
    await this.mail.send(manager, emailChangeNoticeEmail(user.email, user.firstName, newEmail, this.pageUrl('/forgot-password'), this.config.env.PUBLIC_URL));
  }

  private pageUrl(path: string): string {
    return new URL(path, this.config.env.PUBLIC_URL).toString();
  }
}
