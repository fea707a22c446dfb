import { Command } from '@nestjs/cqrs';
import type { PropertyInput } from '@rentwise/libs/schemas/property.schema';
import type { PropertySummary } from './property-summary';

export class AddProperty extends Command<PropertySummary> {
  constructor(
    readonly landlordUserId: string,
    readonly property: PropertyInput,
  ) {
    super();
  }
}
