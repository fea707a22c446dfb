import { ConflictException } from '@nestjs/common';
import { Command } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import type { TenantInput } from '@rentwise/libs/schemas/tenant.schema';

/**
 * The email already belongs to an account: nothing was added, and the address's owner was emailed
 * who tried. A landlord's screen must answer exactly as for a new tenant (issue 32), so that adding
 * tenants tells nobody who has an account; the CLI and tests see this 409.
 */
export class InviteeHasAccount extends ConflictException {
  constructor() {
    super(MESSAGES.tenantEmailUnavailable);
  }
}

/**
 * Adds a tenant to one of the landlord's properties: their account (waiting for a password), the
 * tenancy and the invitation email, all or nothing. 404 unless the landlord manages the property;
 * InviteeHasAccount when the email belongs to another account.
 */
export class InviteTenant extends Command<{ tenantUserId: string }> {
  constructor(
    readonly landlordUserId: string,
    readonly propertyId: string,
    readonly tenant: TenantInput,
    /** When the tenant moved in, for a tenant added after the fact (imported history, the demo); now when omitted. */
    readonly movedInAt?: Date,
  ) {
    super();
  }
}
