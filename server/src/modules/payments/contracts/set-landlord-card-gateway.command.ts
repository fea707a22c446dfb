import { Command } from '@nestjs/cqrs';
import type { CardGatewayKind } from '@rentwise/libs/schemas/authorize-net-payment.schema';

/**
 * An operator puts a landlord's tenants on a card gateway (Stripe or Authorize.Net). Kept in the audit
 * trail with who, when, from and to; setting the gateway a landlord already has changes nothing.
 * In contracts: the demo seed sends it too.
 */
export class SetLandlordCardGateway extends Command<{ changed: boolean }> {
  constructor(
    readonly landlordUserId: string,
    readonly gateway: CardGatewayKind,
    readonly operatorUserId: string,
  ) {
    super();
  }
}
