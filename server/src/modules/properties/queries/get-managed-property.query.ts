import { Query } from '@nestjs/cqrs';
import type { ManagedPropertyView } from './managed-property-view';

/** A property the landlord still manages; 404 for anyone else's, an archived one or an unknown id. */
export class GetManagedProperty extends Query<ManagedPropertyView> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
  ) {
    super();
  }
}
