import { Injectable } from '@nestjs/common';
import { HandlesProviderEvent, ProviderEventOutcome } from '../../../infrastructure/inbox/provider-event-handlers';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { ChargeCorrections } from './charge-corrections';

/**
 * A charge succeeded (`charge.succeeded` or `payment_intent.succeeded`): the charge is re-read and
 * posted under its attempt's key, once, whether or not the synchronous confirm got there first.
 */
@Injectable()
export class ChargeSucceededHandler {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly corrections: ChargeCorrections,
  ) {}

  @HandlesProviderEvent('ChargeSucceeded')
  async handle({ accountId, chargeId, paymentIntentId }: ProviderEventOf<'ChargeSucceeded'>): Promise<ProviderEventOutcome> {
    let charge = chargeId;
    if (!charge && paymentIntentId) charge = (await this.gateway.retrievePaymentIntent(accountId, paymentIntentId)).latestChargeId;
    if (!charge) return { outcome: 'skipped', reason: 'the payment has no charge yet' };
    return this.corrections.syncCharge(accountId, charge);
  }
}
