import { Query } from '@nestjs/cqrs';

/** A tenant's time at one of a landlord's properties, as the landlord's ledger of it names it. */
export interface LandlordTenancyView {
  tenantUserId: string;
  propertyId: string;
  tenantName: string;
  propertyAddress: string;
  /** ISO time the tenant moved in (their latest tenancy there). */
  startedAt: string;
  /** ISO time they moved out, or null while they live there. */
  endedAt: string | null;
}

/**
 * The landlord's tenancy of this tenant at this property: null unless the property is the landlord's
 * own (removed ones included, for history) and the tenant lives or lived there. Ids that are not
 * UUIDs name nothing.
 */
export class GetLandlordTenancy extends Query<LandlordTenancyView | null> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly tenantUserId: string,
  ) {
    super();
  }
}
