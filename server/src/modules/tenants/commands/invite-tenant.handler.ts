import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { CreateUser } from '../../accounts/contracts/create-user.command';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { ExistingAccountNotifier } from '../invitations/existing-account-notifier';
import { InvitationLimit } from '../invitations/invitation-limit';
import { InvitationSender } from '../invitations/invitation-sender';
import { lockManagedPropertyForTenancy } from '../tenancies/managed-property';
import { Tenancy } from '../tenancies/tenancy.entity';
import { InviteeHasAccount, InviteTenant } from '../contracts/invite-tenant.command';

const isEmailTaken = (error: unknown): boolean =>
  error instanceof ConflictException && error.message === MESSAGES.emailTaken;

/**
 * Adds a tenant: account, tenancy and invitation in one transaction. An email that already has an
 * account is not revealed to the landlord (the controller answers as for a new tenant; invitations
 * are limited per landlord); its owner gets a notice naming who tried (decision 0010 and issue 32).
 */
@CommandHandler(InviteTenant)
export class InviteTenantHandler implements ICommandHandler<InviteTenant> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly invitations: InvitationSender,
    private readonly clock: Clock,
    private readonly limit: InvitationLimit,
    private readonly existingAccounts: ExistingAccountNotifier,
  ) {}

  async execute({ landlordUserId, propertyId, tenant, movedInAt }: InviteTenant): Promise<{ tenantUserId: string }> {
    await this.limit.take(landlordUserId);
    try {
      return await this.invite(landlordUserId, propertyId, tenant, movedInAt);
    } catch (error) {
      if (!isEmailTaken(error)) throw error;
      await this.existingAccounts.notify(landlordUserId, propertyId, tenant.email);
      throw new InviteeHasAccount();
    }
  }

  private async invite(
    landlordUserId: string,
    propertyId: string,
    tenant: InviteTenant['tenant'],
    movedInAt: Date | undefined,
  ): Promise<{ tenantUserId: string }> {
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
        startedAt: movedInAt ?? now,
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
    return { tenantUserId };
  }
}
