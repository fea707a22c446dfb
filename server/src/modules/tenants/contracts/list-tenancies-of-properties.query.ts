import { Query } from '@nestjs/cqrs';
import type { TenancyPeriod } from './list-property-tenancies.query';

/**
 * ListPropertyTenancies for many properties in one read (a landlord's yearly statement of all their
 * properties): each property's tenancies, earliest first, by property id; properties without any are absent.
 */
export class ListTenanciesOfProperties extends Query<Map<string, TenancyPeriod[]>> {
  constructor(readonly propertyIds: readonly string[]) {
    super();
  }
}
