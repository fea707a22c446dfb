import type { Cents } from '@rentwise/libs/money';

/** Integration event: a landlord added a property. Published in process after the commit. */
export class PropertyAdded {
  constructor(
    readonly propertyId: string,
    readonly landlordUserId: string,
    readonly address: string,
    readonly rentCents: Cents,
    /** ISO time. */
    readonly addedAt: string,
  ) {}
}
