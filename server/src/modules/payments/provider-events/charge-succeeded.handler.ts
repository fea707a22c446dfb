import { Injectable } from '@nestjs/common';
import { HandlesProviderEvent, ProviderEventOutcome } from '../../../infrastructure/inbox/provider-event-handlers';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { ChargeCorrections } from './charge-corrections';

/**
 * A charge succeeded (`charge.succeeded` or `payment_intent.succeeded`), or moved on (a bank debit
 * processing, `charge.updated`): the charge is re-read and posted as it now stands under its
 * attempt's key, once, whether or not the synchronous answer got there first.
 */
@Injectable()
export class ChargeSucceededHandler {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly corrections: ChargeCorrections,
  ) {}

  @HandlesProviderEvent('ChargeSucceeded')
  @HandlesProviderEvent('ChargeChanged')
  async handle({ accountId, chargeId, paymentIntentId }: ProviderEventOf<'ChargeSucceeded' | 'ChargeChanged'>): Promise<ProviderEventOutcome> {
    let charge = chargeId;
    if (!charge && paymentIntentId) charge = (await this.gateway.retrievePaymentIntent(accountId, paymentIntentId)).latestChargeId;
    if (!charge) return { outcome: 'skipped', reason: 'the payment has no charge yet' };
    return this.corrections.syncCharge(accountId, charge);
  }
}
