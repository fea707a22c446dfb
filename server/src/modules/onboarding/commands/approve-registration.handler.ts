import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { ApproveUser } from '../../accounts/contracts/approve-user.command';
import { IssuePasswordLink } from '../../accounts/contracts/issue-password-link.command';
import { approvalEmail } from '../emails/approval-email';
import { lockPendingRegistration } from '../registrations/pending-registration';
import { Registration } from '../registrations/registration.entity';
import { StepOneTokens } from '../registrations/step-one-tokens';
import { stepOneUrl } from '../onboarding-urls';
import { ApproveRegistration } from '../contracts/approve-registration.command';

@CommandHandler(ApproveRegistration)
export class ApproveRegistrationHandler implements ICommandHandler<ApproveRegistration> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commands: CommandBus,
    private readonly stepOneTokens: StepOneTokens,
    private readonly mail: MailQueue,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute({ registrationId, operatorUserId }: ApproveRegistration): Promise<void> {
    const approvedAt = this.clock.now();
    // The email is queued in the same transaction: approved means emailed, and a rollback sends nothing.
    await this.unitOfWork.run(async (manager) => {
      const registration = await lockPendingRegistration(this.unitOfWork, registrationId);
      await this.unitOfWork
        .repository(Registration)
        .update({ id: registrationId }, { status: 'approved', reviewedAt: approvedAt, reviewedBy: operatorUserId });
      await this.commands.execute(new ApproveUser(registration.landlordUserId));
      const token = await this.stepOneTokens.issue(registrationId);
      const { url: createPasswordUrl } = await this.commands.execute(
        new IssuePasswordLink(registration.landlordUserId, 'activation'),
      );
      const publicUrl = this.config.env.PUBLIC_URL;
      await this.mail.send(
        manager,
        approvalEmail({
          to: registration.email,
          firstName: registration.firstName,
          connectPayoutAccountUrl: stepOneUrl(publicUrl, token),
          connectExistingAccountUrl: stepOneUrl(publicUrl, token, 'oauth'),
          createPasswordUrl,
          signInUrl: new URL('/sign-in', publicUrl).toString(),
          supportEmail: this.config.env.SUPPORT_EMAIL,
          publicUrl,
        }),
      );
    });
  }
}
