import { Injectable } from '@nestjs/common';
import { GatewayEvent } from '../../../../infrastructure/inbox/provider-events';
import { InvalidWebhookSignature, PaymentGatewayError } from '../../../../infrastructure/providers/provider-errors';
import { ProviderEvent } from '../../../../infrastructure/inbox/provider-events';
import { AuthorizeNetGateway, AuthorizeNetTransaction } from '../authorize-net-gateway.port';

/** Production without Authorize.Net keys: no landlord can be put on Authorize.Net, and nothing is charged there. */
@Injectable()
export class NoAuthorizeNetGateway extends AuthorizeNetGateway {
  readonly name = 'authorize_net';
  readonly livemode = true;
  readonly merchantAccount = 'anet:none';
  readonly clientSetup = null;

  private refuse(): never {
    throw new PaymentGatewayError('Authorize.Net is not configured (AUTHORIZE_NET_* keys)', { code: 'not_configured' });
  }

  chargeNonce(): Promise<AuthorizeNetTransaction> {
    return this.refuse();
  }

  findChargeByInvoiceNumber(): Promise<AuthorizeNetTransaction | null> {
    return this.refuse();
  }

  refundTransaction(): Promise<AuthorizeNetTransaction> {
    return this.refuse();
  }

  voidTransaction(): Promise<AuthorizeNetTransaction> {
    return this.refuse();
  }

  retrieveTransaction(): Promise<AuthorizeNetTransaction> {
    return this.refuse();
  }

  parseWebhook(): GatewayEvent {
    throw new InvalidWebhookSignature('Authorize.Net is not configured');
  }

  translateEvent(): ProviderEvent | null {
    return null;
  }
}
