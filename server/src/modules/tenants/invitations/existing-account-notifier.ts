import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { lockManagedPropertyForTenancy } from '../tenancies/managed-property';
import { existingAccountNoticeEmail } from './existing-account-notice-email';

/**
 * When a landlord gives a tenant an email that already has an account, its owner hears who tried
 * (through the outbox, in a transaction of its own: the landlord's change rolled back).
 */
@Injectable()
export class ExistingAccountNotifier {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly mail: MailQueue,
    private readonly config: AppConfig,
  ) {}

  async notify(landlordUserId: string, propertyId: string, email: string): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      const property = await lockManagedPropertyForTenancy(this.queries, landlordUserId, propertyId);
      const landlord = await this.queries.execute(new GetUser(landlordUserId));
      if (!landlord) return;
      await this.mail.send(
        manager,
        existingAccountNoticeEmail({
          to: email,
          landlordName: `${landlord.firstName} ${landlord.lastName}`,
          propertyAddress: property.address,
          supportEmail: this.config.env.SUPPORT_EMAIL,
          publicUrl: this.config.env.PUBLIC_URL,
        }),
      );
    });
  }
}
