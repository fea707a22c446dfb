import { ConflictException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { CountCurrentTenants } from '../contracts/count-current-tenants.query';
import { findManagedPropertyForUpdate } from '../properties/landlord-property';
import { Property } from '../properties/property.entity';
import { RemoveProperty } from './remove-property.command';

@CommandHandler(RemoveProperty)
export class RemovePropertyHandler implements ICommandHandler<RemoveProperty> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, propertyId }: RemoveProperty): Promise<void> {
    const now = this.clock.now();
    await this.unitOfWork.run(async () => {
      // The row lock makes a tenant being added or moved in at this moment wait (they hold
      // LockPropertyForTenancy's share lock), so the count below cannot miss them.
      const property = await findManagedPropertyForUpdate(this.unitOfWork, landlordUserId, propertyId);
      const tenants = await this.queries.execute(new CountCurrentTenants([property.id]));
      // Removing the tenants silently would close accounts the landlord may not mean to close.
      if (tenants[property.id] > 0) throw new ConflictException(MESSAGES.propertyHasTenants);
      property.archivedAt = now;
      property.updatedAt = now;
      await this.unitOfWork.repository(Property).save(property);
    });
  }
}
