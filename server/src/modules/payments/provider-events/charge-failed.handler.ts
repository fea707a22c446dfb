import { Injectable } from '@nestjs/common';
import { Clock } from '../../../infrastructure/clock/clock';
import { HandlesProviderEvent, ProviderEventOutcome } from '../../../infrastructure/inbox/provider-event-handlers';
import { PaymentGateway } from '../gateways/payment-gateway.port';
import type { ProviderEventOf } from '../../../infrastructure/inbox/provider-events';
import { CardAttempts } from '../card-payments/card-attempts';
import { ChargeSettlement } from '../card-payments/charge-settlement';
import { ChargeCorrections } from './charge-corrections';

/**
 * A card charge failed. The payment intent is re-read: if it has since succeeded (the tenant's retry
 * with the same key), its charge is posted; if it did fail, a still pending attempt (its synchronous
 * answer was lost) is marked declined with the provider's message, so a replay answers it.
 */
@Injectable()
export class ChargeFailedHandler {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly settlement: ChargeSettlement,
    private readonly corrections: ChargeCorrections,
    private readonly attempts: CardAttempts,
    private readonly clock: Clock,
  ) {}

  @HandlesProviderEvent('ChargeFailed')
  async handle({ accountId, paymentIntentId }: ProviderEventOf<'ChargeFailed'>): Promise<ProviderEventOutcome> {
    const intent = await this.gateway.retrievePaymentIntent(accountId, paymentIntentId);
    if (intent.status === 'succeeded' && intent.latestChargeId) return this.corrections.syncCharge(accountId, intent.latestChargeId);
    if (intent.status !== 'failed' && intent.status !== 'canceled') return { outcome: 'skipped', reason: `payment is ${intent.status}` };
    const attempt = await this.settlement.findAttempt({ accountId, chargeId: null, paymentIntentId, metadata: intent.metadata });
    if (!attempt) return { outcome: 'skipped', reason: 'not a rent payment of ours' };
    // A bank debit fails after it was sent: its failure is a journal, posted with its charge's state.
    if (attempt.method === 'bank_debit' && intent.latestChargeId) return this.corrections.syncCharge(accountId, intent.latestChargeId);
    const declined = await this.attempts.markDeclined(
      attempt.id,
      {
        paymentIntentId,
        failureCode: intent.failure?.code ?? 'card_declined',
        failureMessage: intent.failure?.message ?? 'Your card was declined.',
      },
      this.clock.now(),
    );
    return { outcome: 'done', detail: declined ? 'attempt marked declined' : `attempt was already ${attempt.status}` };
  }
}
