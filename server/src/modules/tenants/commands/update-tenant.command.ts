import { Command } from '@nestjs/cqrs';
import type { TenantInput } from '@rentwise/libs/schemas/tenant.schema';

/**
 * Saves a tenant's name, email and phone and, when `tenant.propertyId` names another of the
 * landlord's properties, moves them there. 404 unless the tenant lives in the landlord's property
 * (and the target is the landlord's too); 409 emailChangeNeedsOwner for a new email once the tenant
 * has a password; 409 tenantEmailUnavailable when the email belongs to another account (whose owner
 * is emailed). Answers the property the tenant lives in afterwards.
 */
export class UpdateTenant extends Command<{ propertyId: string }> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly tenantUserId: string,
    readonly tenant: TenantInput,
  ) {
    super();
  }
}
