/** Integration event: a tenant moved from one of their landlord's properties to another. */
export class TenantMoved {
  constructor(
    readonly tenantUserId: string,
    readonly landlordUserId: string,
    readonly fromPropertyId: string,
    readonly toPropertyId: string,
    /** ISO time. */
    readonly movedAt: string,
  ) {}
}
