import { ConflictException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { CardDeclined, ConnectedAccountNotFound, PaymentGatewayError } from '../../../../../infrastructure/providers/provider-errors';
import { PaymentGateway } from '../../../gateways/payment-gateway.port';
import { GetPayoutAccount } from '../../../../onboarding/contracts/get-payout-account.query';
import type { CardPayment } from '../../../card-payments/card-payment.entity';
import { PayoutAccountReadiness } from '../../../card-payments/payout-account-readiness';
import type { MethodOf } from '../../pay-rent.command';
import type { AttemptMethodFields, ChargeOutcome, Payee, PaymentWay } from '../../payment-way';

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

  attemptFields({ paymentMethodId }: StripeCard): AttemptMethodFields {
    return { paymentMethodId, invoiceNumber: null, cardBrand: null, cardLast4: null };
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
      if (error instanceof CardDeclined) return { kind: 'declined', failureCode: error.code ?? null, failureMessage: error.message };
      if (error instanceof ConnectedAccountNotFound) throw new ConflictException(MESSAGES.landlordCannotBePaid);
      if (error instanceof PaymentGatewayError) {
        // The attempt stays pending either way: a retry with the same key asks the provider again, which charges once.
        // A refusal (not an outage, which would only time out again) may be an account stopped since its last word.
        if (!error.retryable && (await this.readiness.stoppedTakingCharges(attempt.connectedAccountId))) {
          throw new ConflictException(MESSAGES.landlordCannotBePaid);
        }
        this.logger.error({ err: error, cardPaymentId: attempt.id }, 'Card charge failed at the provider');
        throw new ServiceUnavailableException(MESSAGES.noGatewayResponse);
      }
      throw error;
    }
  }

  /** Stripe's words for the card holder ('Your card was declined.'), as the card form shows them. */
  declineAnswer(failureMessage: string): string {
    return failureMessage;
  }
}
