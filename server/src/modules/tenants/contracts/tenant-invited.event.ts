/** Integration event: a landlord added a tenant to a property and the invitation email was queued. */
export class TenantInvited {
  constructor(
    readonly tenantUserId: string,
    readonly propertyId: string,
    readonly landlordUserId: string,
    /** ISO time. */
    readonly invitedAt: string,
  ) {}
}
