import { Query } from '@nestjs/cqrs';
import type { PropertySummary } from './property-summary';

/** Any property by id, archived or not (a receipt or statement naming it). Null when unknown. */
export class GetProperty extends Query<PropertySummary | null> {
  constructor(readonly propertyId: string) {
    super();
  }
}
