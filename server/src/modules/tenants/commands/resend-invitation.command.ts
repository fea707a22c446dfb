import { Command } from '@nestjs/cqrs';

/**
 * Emails the tenant a fresh create-password link (the first expired or went astray); earlier links
 * stop working. 404 unless the tenant lives in the landlord's property.
 */
export class ResendInvitation extends Command<void> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly tenantUserId: string,
  ) {
    super();
  }
}
