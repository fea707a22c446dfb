import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { UpdateUserContact } from '../../accounts/contracts/update-user-contact.command';
import { ExistingAccountNotifier } from '../invitations/existing-account-notifier';
import { InvitationLimit } from '../invitations/invitation-limit';
import { InvitationSender } from '../invitations/invitation-sender';
import { findCurrentTenancy } from '../tenancies/current-tenancy';
import { lockManagedPropertyForTenancy, managedProperty } from '../tenancies/managed-property';
import { Tenancy } from '../tenancies/tenancy.entity';
import { UpdateTenant } from './update-tenant.command';

const isEmailTaken = (error: unknown): boolean =>
  error instanceof ConflictException && error.message === MESSAGES.emailTaken;

/**
 * A landlord corrects a tenant's details or moves them. The email only while the tenant has no
 * password (Accounts refuses after that: the account is the tenant's), with a fresh invitation.
 */
@CommandHandler(UpdateTenant)
export class UpdateTenantHandler implements ICommandHandler<UpdateTenant> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly invitations: InvitationSender,
    private readonly clock: Clock,
    private readonly limit: InvitationLimit,
    private readonly existingAccounts: ExistingAccountNotifier,
  ) {}

  async execute(command: UpdateTenant): Promise<{ propertyId: string }> {
    const { landlordUserId, propertyId, tenantUserId, tenant } = command;
    // A new email sends an invitation (or a notice to an existing account): counted like adding a
    // tenant, for the landlord's own tenants only (anything else is a 404 here).
    await findCurrentTenancy(this.unitOfWork, { landlordUserId, propertyId, tenantUserId });
    const current = await this.queries.execute(new GetUser(tenantUserId));
    if (current && current.email !== tenant.email.trim().toLowerCase()) await this.limit.take(landlordUserId);
    try {
      return await this.update(command);
    } catch (error) {
      if (!isEmailTaken(error)) throw error;
      // As when adding a tenant (issue 32): the landlord is not told the address has an account; its owner is told who tried.
      await this.existingAccounts.notify(landlordUserId, propertyId, tenant.email);
      throw new ConflictException(MESSAGES.tenantEmailUnavailable);
    }
  }

  private async update({ landlordUserId, propertyId, tenantUserId, tenant }: UpdateTenant): Promise<{ propertyId: string }> {
    const now = this.clock.now();
    return this.unitOfWork.run(async (manager) => {
      const tenancy = await findCurrentTenancy(
        this.unitOfWork,
        { landlordUserId, propertyId, tenantUserId },
        { forUpdate: true },
      );
      // Every id is checked as the landlord's before anything changes, so another landlord's
      // property answers 404 whatever else the body holds.
      const movesTo = tenant.propertyId && tenant.propertyId !== tenancy.propertyId ? tenant.propertyId : null;
      const home = movesTo
        ? await lockManagedPropertyForTenancy(this.queries, landlordUserId, movesTo)
        : await managedProperty(this.queries, landlordUserId, tenancy.propertyId);
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

      if (movesTo) {
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
      return { propertyId: home.propertyId };
    });
  }
}
