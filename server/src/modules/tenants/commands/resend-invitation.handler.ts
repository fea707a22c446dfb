import { NotFoundException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { InvitationSender } from '../invitations/invitation-sender';
import { findCurrentTenancy } from '../tenancies/current-tenancy';
import { managedProperty } from '../tenancies/managed-property';
import { ResendInvitation } from './resend-invitation.command';

@CommandHandler(ResendInvitation)
export class ResendInvitationHandler implements ICommandHandler<ResendInvitation> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly invitations: InvitationSender,
  ) {}

  async execute({ landlordUserId, propertyId, tenantUserId }: ResendInvitation): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      await findCurrentTenancy(this.unitOfWork, { landlordUserId, propertyId, tenantUserId });
      const property = await managedProperty(this.queries, landlordUserId, propertyId);
      const tenant = await this.queries.execute(new GetUser(tenantUserId));
      const landlord = await this.queries.execute(new GetUser(landlordUserId));
      if (!tenant || !landlord) throw new NotFoundException(MESSAGES.notFound);
      await this.invitations.send(manager, { tenantUserId, tenant, landlord, propertyAddress: property.address });
    });
  }
}
