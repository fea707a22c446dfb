import { Command } from '@nestjs/cqrs';

/**
 * Gives a landlord a merchant account of the offline Authorize.Net and connects it as theirs, as a
 * landlord would with the sandbox's keys: the demo data's way to an Authorize.Net landlord. Only where
 * the offline Authorize.Net runs (AUTHORIZE_NET_ENVIRONMENT offline).
 */
export class ConnectSandboxAuthorizeNetAccount extends Command<void> {
  constructor(readonly landlordUserId: string) {
    super();
  }
}
