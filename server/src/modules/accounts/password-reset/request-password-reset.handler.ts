import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { IssuePasswordLink } from '../contracts/issue-password-link.command';
import { passwordResetEmail } from '../emails/password-reset.email';
import { User } from '../users/user.entity';
import { RequestPasswordReset } from './request-password-reset.command';
import { ResetRequestLimit } from './reset-request-limit';

/** See decision 0007: nobody learns from this answer whether an email has an account. */
@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commands: CommandBus,
    private readonly mail: MailQueue,
    private readonly limit: ResetRequestLimit,
    private readonly config: AppConfig,
  ) {}

  async execute({ email, address }: RequestPasswordReset): Promise<void> {
    const normalisedEmail = email.trim().toLowerCase();
    await this.limit.take(normalisedEmail, address);
    await this.unitOfWork.run(async (manager) => {
      const user = await this.unitOfWork.repository(User).findOneBy({ email: normalisedEmail, status: 'active' });
      if (!user) return;
      const { url } = await this.commands.execute(new IssuePasswordLink(user.id, 'password_reset'));
      await this.mail.send(manager, passwordResetEmail(user.email, user.firstName, url, this.config.env.PUBLIC_URL));
    });
  }
}
