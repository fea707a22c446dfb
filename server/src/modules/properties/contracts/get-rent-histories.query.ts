import { Query } from '@nestjs/cqrs';
import type { RentPeriod } from './get-rent-history.query';

/**
 * GetRentHistory for many properties in one read (a landlord's yearly statement of all their
 * properties): each property's rents, oldest first, by property id; unknown properties are absent.
 */
export class GetRentHistories extends Query<Map<string, RentPeriod[]>> {
  constructor(readonly propertyIds: readonly string[]) {
    super();
  }
}
