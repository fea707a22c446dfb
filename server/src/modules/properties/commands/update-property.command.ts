import { Command } from '@nestjs/cqrs';
import type { PropertyInput } from '@rentwise/libs/schemas/property.schema';
import type { PropertySummary } from '../contracts/property-summary';

/** 404 unless the landlord manages the property. */
export class UpdateProperty extends Command<PropertySummary> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly property: PropertyInput,
  ) {
    super();
  }
}
