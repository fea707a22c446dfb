/** Integration event: a landlord removed a tenant; the tenancy ended and the account was closed. */
export class TenantRemoved {
  constructor(
    readonly tenantUserId: string,
    readonly propertyId: string,
    readonly landlordUserId: string,
    /** ISO time. */
    readonly removedAt: string,
  ) {}
}
