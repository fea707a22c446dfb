import { Command } from '@nestjs/cqrs';
import type { AutopaySettingsInput } from '@rentwise/libs/schemas/autopay.schema';

/**
 * Turns autopay on, or changes it (decision 0042): the recurring authorization is rendered from the
 * settings and stored with the address and browser it was accepted from, before the plan names it.
 */
export class SetAutopay extends Command<void> {
  constructor(
    readonly tenantUserId: string,
    readonly settings: AutopaySettingsInput,
    readonly clientAddress: string,
    readonly userAgent: string | null,
  ) {
    super();
  }
}
