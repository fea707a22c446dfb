import { Query } from '@nestjs/cqrs';
import type { LandlordTenantView, TenantPropertyView } from './landlord-tenant-view';

/** The tenants living in one of the landlord's properties now, in the order they were added. 404 otherwise. */
export class ListPropertyTenants extends Query<{ property: TenantPropertyView; rows: LandlordTenantView[] }> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
  ) {
    super();
  }
}
