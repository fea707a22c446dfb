import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { PropertySummary } from '../contracts/property-summary';
import { findManagedPropertyForUpdate } from '../properties/landlord-property';
import { Property } from '../properties/property.entity';
import { propertyFieldsOf } from '../properties/property-fields';
import { RentHistoryEntry } from '../properties/rent-history-entry.entity';
import { toPropertySummary } from '../properties/to-property-summary';
import { UpdateProperty } from './update-property.command';

@CommandHandler(UpdateProperty)
export class UpdatePropertyHandler implements ICommandHandler<UpdateProperty> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, propertyId, property: input }: UpdateProperty): Promise<PropertySummary> {
    const now = this.clock.now();
    const property = await this.unitOfWork.run(async () => {
      const property = await findManagedPropertyForUpdate(this.unitOfWork, landlordUserId, propertyId);
      const previousRentCents = property.rentCents;
      Object.assign(property, { ...propertyFieldsOf(input), updatedAt: now });
      await this.unitOfWork.repository(Property).save(property);
      if (input.rentCents !== previousRentCents) {
        await this.unitOfWork
          .repository(RentHistoryEntry)
          .insert({ propertyId: property.id, rentCents: input.rentCents, effectiveFrom: now });
      }
      return property;
    });
    return toPropertySummary(property);
  }
}
