import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { RemoveUser } from '../../accounts/contracts/remove-user.command';
import { findCurrentTenancy } from '../tenancies/current-tenancy';
import { Tenancy } from '../tenancies/tenancy.entity';
import { RemoveTenant } from './remove-tenant.command';

@CommandHandler(RemoveTenant)
export class RemoveTenantHandler implements ICommandHandler<RemoveTenant> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, propertyId, tenantUserId }: RemoveTenant): Promise<{ name: string }> {
    const now = this.clock.now();
    const name = await this.unitOfWork.run(async () => {
      const tenancy = await findCurrentTenancy(
        this.unitOfWork,
        { landlordUserId, propertyId, tenantUserId },
        { forUpdate: true },
      );
      const tenant = await this.queries.execute(new GetUser(tenantUserId));
      await this.unitOfWork.repository(Tenancy).update({ id: tenancy.id }, { endedAt: now, endReason: 'removed' });
      await this.commands.execute(new RemoveUser(tenantUserId));
      return tenant ? `${tenant.firstName} ${tenant.lastName}` : 'The tenant';
    });
    return { name };
  }
}
