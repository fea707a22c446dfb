import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { RejectUser } from '../../accounts/contracts/reject-user.command';
import { rejectionEmail } from '../emails/rejection-email';
import { lockPendingRegistration } from '../registrations/pending-registration';
import { Registration } from '../registrations/registration.entity';
import { RejectRegistration } from './reject-registration.command';

@CommandHandler(RejectRegistration)
export class RejectRegistrationHandler implements ICommandHandler<RejectRegistration> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commands: CommandBus,
    private readonly mail: MailQueue,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute({ registrationId, operatorUserId, reason }: RejectRegistration): Promise<void> {
    const rejectedAt = this.clock.now();
    await this.unitOfWork.run(async (manager) => {
      const registration = await lockPendingRegistration(this.unitOfWork, registrationId);
      await this.unitOfWork.repository(Registration).update(
        { id: registrationId },
        { status: 'rejected', reviewedAt: rejectedAt, reviewedBy: operatorUserId, rejectionReason: reason },
      );
      await this.commands.execute(new RejectUser(registration.landlordUserId));
      await this.mail.send(
        manager,
        rejectionEmail({
          to: registration.email,
          firstName: registration.firstName,
          reason,
          supportEmail: this.config.env.SUPPORT_EMAIL,
          publicUrl: this.config.env.PUBLIC_URL,
        }),
      );
    });
  }
}
