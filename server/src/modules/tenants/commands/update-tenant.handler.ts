import { NotFoundException } from '@nestjs/common';
import { CommandBus, CommandHandler, EventBus, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { UpdateUserContact } from '../../accounts/contracts/update-user-contact.command';
import { TenantMoved } from '../contracts/tenant-moved.event';
import { InvitationSender } from '../invitations/invitation-sender';
import { findCurrentTenancy } from '../tenancies/current-tenancy';
import { lockManagedPropertyForTenancy, managedProperty } from '../tenancies/managed-property';
import { Tenancy } from '../tenancies/tenancy.entity';
import { UpdateTenant } from './update-tenant.command';

@CommandHandler(UpdateTenant)
export class UpdateTenantHandler implements ICommandHandler<UpdateTenant> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly invitations: InvitationSender,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async execute({ landlordUserId, propertyId, tenantUserId, tenant }: UpdateTenant): Promise<{ propertyId: string }> {
    const now = this.clock.now();
    const result = await this.unitOfWork.run(async (manager) => {
      const tenancy = await findCurrentTenancy(
        this.unitOfWork,
        { landlordUserId, propertyId, tenantUserId },
        { forUpdate: true },
      );
      const before = await this.queries.execute(new GetUser(tenantUserId));
      if (!before) throw new NotFoundException(MESSAGES.notFound);
      const after = await this.commands.execute(
        new UpdateUserContact(tenantUserId, {
          firstName: tenant.firstName,
          lastName: tenant.lastName,
          email: tenant.email,
          phone: tenant.phone,
        }),
      );

      let home = await managedProperty(this.queries, landlordUserId, tenancy.propertyId);
      const movesTo = tenant.propertyId && tenant.propertyId !== tenancy.propertyId ? tenant.propertyId : null;
      if (movesTo) {
        home = await lockManagedPropertyForTenancy(this.queries, landlordUserId, movesTo);
        const tenancies = this.unitOfWork.repository(Tenancy);
        await tenancies.update({ id: tenancy.id }, { endedAt: now, endReason: 'moved' });
        await tenancies.insert({
          tenantUserId,
          propertyId: home.propertyId,
          landlordUserId,
          startedAt: now,
          endedAt: null,
          endReason: null,
        });
      }

      // A corrected address for someone who never got in: the first invitation went astray.
      if (after.email !== before.email && before.lastLoginAt === null) {
        const landlord = await this.queries.execute(new GetUser(landlordUserId));
        if (landlord) {
          await this.invitations.send(manager, { tenantUserId, tenant: after, landlord, propertyAddress: home.address });
        }
      }
      return { fromPropertyId: tenancy.propertyId, propertyId: home.propertyId, moved: Boolean(movesTo) };
    });

    if (result.moved) {
      this.events.publish(
        new TenantMoved(tenantUserId, landlordUserId, result.fromPropertyId, result.propertyId, now.toISOString()),
      );
    }
    return { propertyId: result.propertyId };
  }
}
