import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetLandlordTimeZone } from '../../payments/contracts/get-landlord-time-zone.query';
import { timeZoneOf } from '../settings/landlord-time-zone';

@QueryHandler(GetLandlordTimeZone)
export class GetLandlordTimeZoneHandler implements IQueryHandler<GetLandlordTimeZone> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute({ landlordUserId }: GetLandlordTimeZone): Promise<string> {
    return timeZoneOf(this.unitOfWork.manager, landlordUserId);
  }
}
