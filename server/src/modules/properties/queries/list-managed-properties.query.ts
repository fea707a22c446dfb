import { Query } from '@nestjs/cqrs';
import type { ManagedPropertyView } from './managed-property-view';

/** The properties a landlord manages now (not the archived ones), oldest first. */
export class ListManagedProperties extends Query<ManagedPropertyView[]> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
