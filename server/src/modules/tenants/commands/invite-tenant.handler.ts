import { NotFoundException } from '@nestjs/common';
import { CommandBus, CommandHandler, EventBus, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { CreateUser } from '../../accounts/contracts/create-user.command';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { TenantInvited } from '../contracts/tenant-invited.event';
import { InvitationSender } from '../invitations/invitation-sender';
import { lockManagedPropertyForTenancy } from '../tenancies/managed-property';
import { Tenancy } from '../tenancies/tenancy.entity';
import { InviteTenant } from '../contracts/invite-tenant.command';

@CommandHandler(InviteTenant)
export class InviteTenantHandler implements ICommandHandler<InviteTenant> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly invitations: InvitationSender,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async execute({ landlordUserId, propertyId, tenant }: InviteTenant): Promise<{ tenantUserId: string }> {
    const now = this.clock.now();
    const tenantUserId = await this.unitOfWork.run(async (manager) => {
      const property = await lockManagedPropertyForTenancy(this.queries, landlordUserId, propertyId);
      const landlord = await this.queries.execute(new GetUser(landlordUserId));
      if (!landlord) throw new NotFoundException(MESSAGES.notFound);
      const { userId } = await this.commands.execute(
        new CreateUser({
          type: 'tenant',
          status: 'approved',
          firstName: tenant.firstName,
          lastName: tenant.lastName,
          email: tenant.email,
          phone: tenant.phone,
        }),
      );
      await this.unitOfWork.repository(Tenancy).insert({
        tenantUserId: userId,
        propertyId: property.propertyId,
        landlordUserId,
        startedAt: now,
        endedAt: null,
        endReason: null,
      });
      await this.invitations.send(manager, {
        tenantUserId: userId,
        tenant,
        landlord,
        propertyAddress: property.address,
      });
      return userId;
    });
    this.events.publish(new TenantInvited(tenantUserId, propertyId, landlordUserId, now.toISOString()));
    return { tenantUserId };
  }
}
