import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { MailQueue } from '../../../infrastructure/mail/mail-queue';
import { IssuePasswordLink } from '../../accounts/contracts/issue-password-link.command';
import type { UserView } from '../../accounts/contracts/user-view';
import { invitationEmail } from './invitation-email';

export interface InvitationTarget {
  tenantUserId: string;
  tenant: { firstName: string; email: string };
  landlord: Pick<UserView, 'firstName' | 'lastName'>;
  propertyAddress: string;
}

/** Issues a fresh create-password link and queues the invitation in the caller's transaction. */
@Injectable()
export class InvitationSender {
  constructor(
    private readonly commands: CommandBus,
    private readonly mail: MailQueue,
    private readonly config: AppConfig,
  ) {}

  async send(manager: EntityManager, { tenantUserId, tenant, landlord, propertyAddress }: InvitationTarget): Promise<void> {
    const { url } = await this.commands.execute(new IssuePasswordLink(tenantUserId, 'activation'));
    await this.mail.send(
      manager,
      invitationEmail({
        to: tenant.email,
        tenantFirstName: tenant.firstName,
        landlordName: `${landlord.firstName} ${landlord.lastName}`,
        propertyAddress,
        createPasswordUrl: url,
        signInUrl: new URL('/sign-in', this.config.env.PUBLIC_URL).toString(),
        publicUrl: this.config.env.PUBLIC_URL,
      }),
    );
  }
}
