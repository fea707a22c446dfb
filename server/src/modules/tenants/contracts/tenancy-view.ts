import type { Cents } from '@rentwise/libs/money';

/** A tenant's current home: who their landlord is and what the rent is. */
export interface TenancyView {
  tenancyId: string;
  tenantUserId: string;
  propertyId: string;
  landlordUserId: string;
  /** The property's monthly rent today. */
  rentCents: Cents;
  /** The day of the month it is due (1-28). */
  rentDueDay: number;
  propertyAddress: string;
  /** ISO time the tenant was added to (or moved into) this property. */
  startedAt: string;
}
