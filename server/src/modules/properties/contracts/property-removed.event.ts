/** Integration event: a landlord removed (archived) a property. Its history stays readable. */
export class PropertyRemoved {
  constructor(
    readonly propertyId: string,
    readonly landlordUserId: string,
    /** ISO time. */
    readonly removedAt: string,
  ) {}
}
