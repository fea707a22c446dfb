import { Command } from '@nestjs/cqrs';

/**
 * Ends the tenant's tenancy and closes their account, so they can no longer sign in or pay; their
 * payments stay. 404 unless the tenant lives in the landlord's property. Answers the tenant's name.
 */
export class RemoveTenant extends Command<{ name: string }> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly tenantUserId: string,
  ) {
    super();
  }
}
