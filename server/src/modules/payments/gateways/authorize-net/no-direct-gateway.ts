import { Injectable } from '@nestjs/common';
import { GatewayEvent, InvalidWebhookSignature, PaymentGatewayError } from '../../../../infrastructure/payment-gateway/payment-gateway.port';
import { ProviderEvent } from '../../../../infrastructure/payment-gateway/provider-events';
import { DirectCardGateway, DirectTransaction } from '../../../../infrastructure/payment-gateway/authorize-net/direct-card-gateway.port';

/** Production without Authorize.Net keys: no landlord can be put on the direct gateway, and nothing is charged there. */
@Injectable()
export class NoDirectGateway extends DirectCardGateway {
  readonly name = 'authorize_net';
  readonly livemode = true;
  readonly merchantAccount = 'anet:none';
  readonly clientSetup = null;

  private refuse(): never {
    throw new PaymentGatewayError('Authorize.Net is not configured (AUTHORIZE_NET_* keys)', { code: 'not_configured' });
  }

  chargeNonce(): Promise<DirectTransaction> {
    return this.refuse();
  }

  findChargeByInvoiceNumber(): Promise<DirectTransaction | null> {
    return this.refuse();
  }

  retrieveTransaction(): Promise<DirectTransaction> {
    return this.refuse();
  }

  parseWebhook(): GatewayEvent {
    throw new InvalidWebhookSignature('Authorize.Net is not configured');
  }

  translateEvent(): ProviderEvent | null {
    return null;
  }
}
