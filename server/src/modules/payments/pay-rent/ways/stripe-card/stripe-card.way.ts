import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { tenantProcessingFeeCentsAt } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { PaymentGateway } from '../../../gateways/payment-gateway.port';
import { GetPayoutAccount } from '../../../../onboarding/contracts/get-payout-account.query';
import type { CardPayment } from '../../../card-payments/card-payment.entity';
import { PayoutAccountReadiness } from '../../../card-payments/payout-account-readiness';
import { SavedCards } from '../../../saved-cards/saved-cards';
import type { MethodOf } from '../../pay-rent.command';
import { stripeChargeFailure } from '../stripe-charge-failure';
import { type AttemptContext, type AttemptMethodFields, CARD_ATTEMPT, type ChargeOutcome, type Payee, type PaymentWay } from '../../payment-way';

type StripeCard = MethodOf<'stripe_card'>;

/**
 * A card through Stripe's card form, charged directly on the landlord's connected account with our
 * platform fee as Stripe's application fee; or a card the tenant saved for autopay, charged the same
 * way with its customer, off-session (decision 0042). Stripe keeps the attempt's idempotency key:
 * calling again with it charges once.
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
    private readonly savedCards: SavedCards,
  ) {}

  inputHashParts(tenantUserId: string, amountCents: number, method: StripeCard): unknown[] {
    return 'savedCardId' in method ? ['saved_card', tenantUserId, amountCents, method.savedCardId] : [tenantUserId, amountCents, method.paymentMethodId];
  }

  async payee(landlordUserId: string): Promise<Payee | null> {
    const payout = await this.queries.execute(new GetPayoutAccount(landlordUserId));
    if (!payout || !(await this.readiness.canTakeCharges(payout))) return null;
    return { accountId: payout.accountId, provider: this.gateway.name };
  }

  tenantFeeCents(at: Date): number {
    return tenantProcessingFeeCentsAt(at);
  }

  async attemptFields(method: StripeCard, { tenantUserId, payee }: AttemptContext): Promise<AttemptMethodFields> {
    if (!('savedCardId' in method)) return { ...CARD_ATTEMPT, paymentMethodId: method.paymentMethodId, invoiceNumber: null, cardBrand: null, cardLast4: null };
    // The tenant's own card, still saved, on the account paid now (not one saved for a former landlord).
    const card = await this.savedCards.ofTenant(tenantUserId, method.savedCardId);
    if (!card || card.removed || card.connectedAccountId !== payee.accountId) throw new ConflictException(MESSAGES.savedCardNotFound);
    return { ...CARD_ATTEMPT, paymentMethodId: card.paymentMethodId, invoiceNumber: null, cardBrand: card.brand, cardLast4: card.last4 };
  }

  async charge(attempt: CardPayment, method: StripeCard): Promise<ChargeOutcome> {
    try {
      // A saved card is attached to the tenant's customer, kept with it whether or not it was removed since.
      const saved = 'savedCardId' in method ? await this.savedCards.byPaymentMethod(attempt.connectedAccountId, attempt.paymentMethodId) : null;
      const charge = await this.gateway.chargeCard({
        connectedAccountId: attempt.connectedAccountId,
        paymentMethodId: attempt.paymentMethodId,
        amountCents: attempt.chargedCents,
        platformFeeCents: attempt.platformFeeCents,
        description: attempt.description,
        idempotencyKey: attempt.idempotencyKey,
        metadata: { cardPaymentId: attempt.id, tenantUserId: attempt.tenantUserId, propertyId: attempt.propertyId },
        ...(saved && { offSession: { customerId: saved.customerId } }),
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
