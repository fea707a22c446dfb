import { Query } from '@nestjs/cqrs';
import type { PropertySummary } from './property-summary';

/**
 * A landlord's properties, oldest first. Archived ones are included (flagged `archived`) unless
 * `includeArchived` is false: payment history still has to list a property that was removed.
 */
export class ListLandlordProperties extends Query<PropertySummary[]> {
  constructor(
    readonly landlordUserId: string,
    readonly options: { includeArchived?: boolean } = {},
  ) {
    super();
  }
}
