import type { Cents } from '@rentwise/libs/money';

/** Integration event: a landlord saved a property's address or rent (RentChanged follows when the rent moved). */
export class PropertyUpdated {
  constructor(
    readonly propertyId: string,
    readonly landlordUserId: string,
    readonly address: string,
    readonly rentCents: Cents,
    /** ISO time. */
    readonly updatedAt: string,
  ) {}
}
