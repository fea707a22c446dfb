import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetLandlordTimeZone, GetLandlordTimeZones } from '../../payments/contracts/get-landlord-time-zone.query';
import { timeZoneOf, timeZonesOf } from '../settings/landlord-time-zone';

@QueryHandler(GetLandlordTimeZone)
export class GetLandlordTimeZoneHandler implements IQueryHandler<GetLandlordTimeZone> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute({ landlordUserId }: GetLandlordTimeZone): Promise<string> {
    return timeZoneOf(this.unitOfWork.manager, landlordUserId);
  }
}

@QueryHandler(GetLandlordTimeZones)
export class GetLandlordTimeZonesHandler implements IQueryHandler<GetLandlordTimeZones> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute({ landlordUserIds }: GetLandlordTimeZones): Promise<Map<string, string>> {
    return timeZonesOf(this.unitOfWork.manager, landlordUserIds);
  }
}
