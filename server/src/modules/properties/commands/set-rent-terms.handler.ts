import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { lateFeesAreOn } from '@rentwise/libs/late-fees';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { findManagedPropertyForUpdate } from '../properties/landlord-property';
import { Property } from '../properties/property.entity';
import { SetRentTerms } from './set-rent-terms.command';

/**
 * Saves the terms. Turning late fees on starts their clock (`lateFeesSince`): a month that became
 * late before then is never charged, so switching fees on never bills the past. Changing amounts
 * while they are on keeps it; turning them off clears it.
 */
@CommandHandler(SetRentTerms)
export class SetRentTermsHandler implements ICommandHandler<SetRentTerms> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute({ landlordUserId, propertyId, terms }: SetRentTerms): Promise<void> {
    const now = this.clock.now();
    await this.unitOfWork.run(async () => {
      const property = await findManagedPropertyForUpdate(this.unitOfWork, landlordUserId, propertyId);
      const { lateFees } = terms;
      const on = lateFeesAreOn(lateFees);
      Object.assign(property, {
        rentDueDay: terms.dueDay,
        lateFeeGraceDays: lateFees.graceDays,
        lateFeeFlatCents: lateFees.flatCents,
        lateFeePercentBasisPoints: lateFees.percentBasisPoints,
        lateFeeDailyCents: lateFees.dailyCents,
        lateFeeMonthlyCapCents: lateFees.monthlyCapCents,
        lateFeesSince: on ? (property.lateFeesSince ?? now) : null,
        updatedAt: now,
      });
      await this.unitOfWork.repository(Property).save(property);
    });
  }
}
