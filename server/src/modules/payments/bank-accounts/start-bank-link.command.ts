import { Command } from '@nestjs/cqrs';

/**
 * A tenant starts linking a bank account on their landlord's connected account (Stripe's Financial
 * Connections): the client secret of a SetupIntent for the tenant's customer there.
 */
export class StartBankLink extends Command<{ clientSecret: string }> {
  constructor(readonly tenantUserId: string) {
    super();
  }
}
