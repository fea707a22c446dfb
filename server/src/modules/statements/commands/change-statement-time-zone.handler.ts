import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { StatementsProjector } from '../projection/statements-projector';
import { ChangeStatementTimeZone } from './change-statement-time-zone.command';

/**
 * Stores the landlord's time zone and re-buckets their lines into billing months of that zone, in
 * one transaction under the projector's lock, so no line is ever bucketed by the other zone.
 */
@CommandHandler(ChangeStatementTimeZone)
export class ChangeStatementTimeZoneHandler implements ICommandHandler<ChangeStatementTimeZone> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly projector: StatementsProjector,
  ) {}

  async execute({ landlordUserId, timeZone }: ChangeStatementTimeZone): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      await manager.query(
        `INSERT INTO statements.landlord_settings (landlord_user_id, time_zone, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (landlord_user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, updated_at = now()`,
        [landlordUserId, timeZone],
      );
      await this.projector.rebucketLandlord(manager, landlordUserId, timeZone);
    });
  }
}
