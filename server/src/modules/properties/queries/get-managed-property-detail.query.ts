import { Query } from '@nestjs/cqrs';
import type { ManagedPropertyDetailView } from './managed-property-view';

/** A property the landlord still manages, with its rent terms; 404 as GetManagedProperty. */
export class GetManagedPropertyDetail extends Query<ManagedPropertyDetailView> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
  ) {
    super();
  }
}
