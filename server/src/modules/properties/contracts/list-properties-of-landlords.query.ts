import { Query } from '@nestjs/cqrs';
import type { PropertySummary } from './property-summary';

/**
 * The properties of many landlords at once, archived ones included, each landlord's oldest first:
 * finance's yearly export reads a hundred landlords with one statement. A landlord without
 * properties is absent from the map.
 */
export class ListPropertiesOfLandlords extends Query<ReadonlyMap<string, PropertySummary[]>> {
  constructor(readonly landlordUserIds: readonly string[]) {
    super();
  }
}
