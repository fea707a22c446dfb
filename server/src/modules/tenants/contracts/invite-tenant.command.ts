import { Command } from '@nestjs/cqrs';
import type { TenantInput } from '@rentwise/libs/schemas/tenant.schema';

/**
 * Adds a tenant to one of the landlord's properties: their account (waiting for a password), the
 * tenancy and the invitation email, all or nothing. 404 unless the landlord manages the property;
 * 409 when the email belongs to another account.
 */
export class InviteTenant extends Command<{ tenantUserId: string }> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly tenant: TenantInput,
  ) {
    super();
  }
}
