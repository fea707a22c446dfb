import type { AddressParts } from '@rentwise/libs/address';
import type { Cents } from '@rentwise/libs/money';

/** What other modules may know about a property. Archived properties stay readable for history. */
export interface PropertySummary {
  propertyId: string;
  landlordUserId: string;
  /** One line: 'line1, line2, city, ST 12345'. */
  address: string;
  addressParts: AddressParts;
  /** Today's monthly rent (GetRentHistory has earlier ones). */
  rentCents: Cents;
  /** The day of the month rent is due (1-28), on the landlord's calendar. */
  rentDueDay: number;
  /** True once the landlord removed the property: no new tenants, still there for history. */
  archived: boolean;
  /** ISO time of the removal, or null. */
  archivedAt: string | null;
  /** ISO time. */
  createdAt: string;
}
