import { Query } from '@nestjs/cqrs';
import type { LandlordTenantView, TenantPropertyView } from './landlord-tenant-view';

/** One tenant of one of the landlord's properties; 404 for anyone else. */
export class GetLandlordTenant extends Query<{ property: TenantPropertyView; tenant: LandlordTenantView }> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly tenantUserId: string,
  ) {
    super();
  }
}
