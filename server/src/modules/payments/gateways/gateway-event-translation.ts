import { Injectable, OnModuleInit } from '@nestjs/common';
import { Inbox } from '../../../infrastructure/inbox/inbox';
import { AuthorizeNetMerchants } from './authorize-net-gateway.port';
import { PaymentGateway } from './payment-gateway.port';

/**
 * Hands the inbox this module's gateways when the application starts, so that it reads each stored
 * provider event with the adapter that verified it: the inbox knows no gateway itself.
 */
@Injectable()
export class GatewayEventTranslation implements OnModuleInit {
  constructor(
    private readonly inbox: Inbox,
    private readonly cardGateway: PaymentGateway,
    private readonly authorizeNet: AuthorizeNetMerchants,
  ) {}

  onModuleInit(): void {
    this.inbox.addTranslator(this.cardGateway);
    this.inbox.addTranslator(this.authorizeNet);
  }
}
