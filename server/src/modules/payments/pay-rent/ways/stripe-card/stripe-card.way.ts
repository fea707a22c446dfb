import { Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { tenantProcessingFeeCentsAt } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { PaymentGateway } from '../../../gateways/payment-gateway.port';
import { GetPayoutAccount } from '../../../../onboarding/contracts/get-payout-account.query';
import type { CardPayment } from '../../../card-payments/card-payment.entity';
import { PayoutAccountReadiness } from '../../../card-payments/payout-account-readiness';
import type { MethodOf } from '../../pay-rent.command';
import { stripeChargeFailure } from '../stripe-charge-failure';
import { type AttemptMethodFields, CARD_ATTEMPT, type ChargeOutcome, type Payee, type PaymentWay } from '../../payment-way';

type StripeCard = MethodOf<'stripe_card'>;

/**
 * A card through Stripe's card form, charged directly on the landlord's connected account with our
 * platform fee as Stripe's application fee. Stripe keeps the attempt's idempotency key: calling again
 * with it charges once.
 */
@Injectable()
export class StripeCardWay implements PaymentWay<StripeCard> {
  readonly way = 'stripe_card';
  readonly landlordGateway = 'stripe';
  readonly providerChargesOncePerKey = true;
  readonly cannotBePaidMessage = MESSAGES.landlordCannotBePaid;
  private readonly logger = new Logger(StripeCardWay.name);

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly queries: QueryBus,
    private readonly readiness: PayoutAccountReadiness,
  ) {}

  inputHashParts(tenantUserId: string, amountCents: number, { paymentMethodId }: StripeCard): unknown[] {
    return [tenantUserId, amountCents, paymentMethodId];
  }

  async payee(landlordUserId: string): Promise<Payee | null> {
    const payout = await this.queries.execute(new GetPayoutAccount(landlordUserId));
    if (!payout || !(await this.readiness.canTakeCharges(payout))) return null;
    return { accountId: payout.accountId, provider: this.gateway.name };
  }

  tenantFeeCents(at: Date): number {
    return tenantProcessingFeeCentsAt(at);
  }

  attemptFields({ paymentMethodId }: StripeCard): AttemptMethodFields {
    return { ...CARD_ATTEMPT, paymentMethodId, invoiceNumber: null, cardBrand: null, cardLast4: null };
  }

  async charge(attempt: CardPayment): Promise<ChargeOutcome> {
    try {
      const charge = await this.gateway.chargeCard({
        connectedAccountId: attempt.connectedAccountId,
        paymentMethodId: attempt.paymentMethodId,
        amountCents: attempt.chargedCents,
        platformFeeCents: attempt.platformFeeCents,
        description: attempt.description,
        idempotencyKey: attempt.idempotencyKey,
        metadata: { cardPaymentId: attempt.id, tenantUserId: attempt.tenantUserId, propertyId: attempt.propertyId },
      });
      return { kind: 'charged', charge };
    } catch (error) {
      return stripeChargeFailure(error, attempt, this.readiness, this.logger);
    }
  }

  /** Stripe's words for the card holder ('Your card was declined.'), as the card form shows them. */
  declineAnswer(failureMessage: string): string {
    return failureMessage;
  }
}
