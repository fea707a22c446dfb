import { Query } from '@nestjs/cqrs';
import type { Cents } from '@rentwise/libs/money';

export interface RentPeriod {
  rentCents: Cents;
  /** ISO time from which this rent applied (until the next period's start). */
  effectiveFrom: string;
}

/** Every rent a property has asked, oldest first; empty for an unknown property. */
export class GetRentHistory extends Query<RentPeriod[]> {
  constructor(readonly propertyId: string) {
    super();
  }
}
