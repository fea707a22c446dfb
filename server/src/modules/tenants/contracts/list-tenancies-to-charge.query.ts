import { Query } from '@nestjs/cqrs';

/** A tenancy as rent charging needs it (decision 0039). */
export interface ChargeableTenancy {
  tenancyId: string;
  tenantUserId: string;
  propertyId: string;
  landlordUserId: string;
  startedAt: Date;
  endedAt: Date | null;
}

/**
 * Every tenancy, running or ended, a page at a time in id order: those after `afterTenancyId` (null
 * for the first page), at most `limit`. The rent charging job walks them all.
 */
export class ListTenanciesToCharge extends Query<ChargeableTenancy[]> {
  constructor(
    readonly afterTenancyId: string | null,
    readonly limit: number,
  ) {
    super();
  }
}
