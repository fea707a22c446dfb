import { LATE_FEES_OFF } from '@rentwise/libs/late-fees';
import { DEFAULT_RENT_DUE_DAY } from '@rentwise/libs/rent-charges';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { PropertySummary } from '../contracts/property-summary';
import { Property } from '../properties/property.entity';
import { propertyFieldsOf } from '../properties/property-fields';
import { RentHistoryEntry } from '../properties/rent-history-entry.entity';
import { toPropertySummary } from '../properties/to-property-summary';
import { AddProperty } from '../contracts/add-property.command';

@CommandHandler(AddProperty)
export class AddPropertyHandler implements ICommandHandler<AddProperty> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, property: input }: AddProperty): Promise<PropertySummary> {
    const now = this.clock.now();
    const property = await this.unitOfWork.run(async () => {
      const properties = this.unitOfWork.repository(Property);
      const saved = await properties.save(
        properties.create({
          landlordUserId,
          ...propertyFieldsOf(input),
          rentDueDay: DEFAULT_RENT_DUE_DAY,
          lateFeeGraceDays: LATE_FEES_OFF.graceDays,
          lateFeeFlatCents: 0,
          lateFeePercentBasisPoints: 0,
          lateFeeDailyCents: 0,
          lateFeeMonthlyCapCents: null,
          lateFeesSince: null,
          archivedAt: null,
          createdAt: now,
          updatedAt: now,
        }),
      );
      await this.unitOfWork
        .repository(RentHistoryEntry)
        .insert({ propertyId: saved.id, rentCents: input.rentCents, effectiveFrom: now });
      return saved;
    });
    return toPropertySummary(property);
  }
}
