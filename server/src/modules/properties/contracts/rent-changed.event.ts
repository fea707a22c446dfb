import type { Cents } from '@rentwise/libs/money';

/** Integration event: a property's monthly rent changed from `effectiveFrom` on. */
export class RentChanged {
  constructor(
    readonly propertyId: string,
    readonly landlordUserId: string,
    readonly previousRentCents: Cents,
    readonly rentCents: Cents,
    /** ISO time. */
    readonly effectiveFrom: string,
  ) {}
}
