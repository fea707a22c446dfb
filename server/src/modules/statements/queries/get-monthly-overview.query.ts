import { Query } from '@nestjs/cqrs';
import type { MonthlyOverview } from '@rentwise/libs/statement-views';

/** A property's months, newest first, back to the tenancy's start; null when not the landlord's. */
export class GetMonthlyOverview extends Query<MonthlyOverview | null> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
  ) {
    super();
  }
}
