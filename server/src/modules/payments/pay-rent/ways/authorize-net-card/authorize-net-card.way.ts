import { ConflictException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { billToOf, authorizeNetChargeDescription, invoiceNumberOf } from '@rentwise/libs/authorize-net';
import { tenantProcessingFeeCentsAt } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../../../infrastructure/clock/clock';
import type { AuthorizeNetGateway, AuthorizeNetTransaction } from '../../../gateways/authorize-net-gateway.port';
import { AuthorizeNetAccounts } from '../../../authorize-net-accounts/authorize-net-accounts';
import { CardDeclined, PaymentGatewayError } from '../../../../../infrastructure/providers/provider-errors';
import { GetUser } from '../../../../accounts/contracts/get-user.query';
import { GetTenancy } from '../../../../tenants/contracts/get-tenancy.query';
import { CardGateways } from '../../../card-gateways/card-gateways';
import type { CardPayment } from '../../../card-payments/card-payment.entity';
import type { MethodOf } from '../../pay-rent.command';
import { type AttemptContext, type AttemptMethodFields, CARD_ATTEMPT, type ChargeOutcome, type Payee, type PaymentWay } from '../../payment-way';

type AuthorizeNetCard = MethodOf<'authorize_net_card'>;

/**
 * A card through Authorize.Net's form (Accept.js), authorized and captured on the landlord's own
 * merchant account, for landlords an operator moved to this gateway (decisions 0019, 0046). Authorize.Net
 * has no idempotency key, so the attempt carries one: its invoice number. PayRent runs each attempt
 * one request at a time, and an attempt seen before is looked up by its invoice number first: a
 * charge whose answer was lost is found and posted, never made again. The nonce is single-use and
 * the gateway refuses the same invoice and amount inside its duplicate window, so even a call that
 * overtakes the lookup cannot charge twice.
 */
@Injectable()
export class AuthorizeNetCardWay implements PaymentWay<AuthorizeNetCard> {
  readonly way = 'authorize_net_card';
  readonly landlordGateway = 'authorize_net';
  readonly providerChargesOncePerKey = false;
  readonly cannotBePaidMessage = MESSAGES.landlordCannotBePaid;
  private readonly logger = new Logger(AuthorizeNetCardWay.name);

  constructor(
    private readonly accounts: AuthorizeNetAccounts,
    private readonly gateways: CardGateways,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  inputHashParts(tenantUserId: string, amountCents: number, { paymentNonce, card }: AuthorizeNetCard): unknown[] {
    return ['direct', tenantUserId, amountCents, paymentNonce.dataValue, card.brand, card.last4];
  }

  async payee(landlordUserId: string): Promise<Payee | null> {
    if ((await this.gateways.of(landlordUserId)) !== this.landlordGateway) return null;
    const gateway = await this.accounts.gatewayOf(landlordUserId);
    return gateway && { accountId: gateway.merchantAccount, provider: gateway.name };
  }

  tenantFeeCents(at: Date): number {
    return tenantProcessingFeeCentsAt(at);
  }

  attemptFields({ paymentNonce, card }: AuthorizeNetCard, { attemptId }: AttemptContext): AttemptMethodFields {
    return {
      ...CARD_ATTEMPT,
      // The nonce: single-use, minutes-lived, not card data; kept so a retry of this attempt can send it.
      paymentMethodId: paymentNonce.dataValue,
      invoiceNumber: invoiceNumberOf(attemptId),
      cardBrand: card.brand,
      cardLast4: card.last4,
    };
  }

  async charge(attempt: CardPayment, method: AuthorizeNetCard, seenBefore: boolean): Promise<ChargeOutcome> {
    const gateway = await this.gatewayOf(attempt);
    const found = seenBefore ? await this.lookUp(gateway, attempt) : null;
    const transaction = found ?? (await this.chargeNonce(gateway, attempt, method));
    if (transaction.status !== 'approved') {
      return { kind: 'declined', failureCode: transaction.reasonCode, failureMessage: transaction.reasonText ?? MESSAGES.gatewayError };
    }
    return {
      kind: 'charged',
      charge: {
        connectedAccountId: gateway.merchantAccount,
        paymentIntentId: null,
        chargeId: transaction.transactionId,
        balanceTransactionId: null,
        amountCents: transaction.amountCents,
        processorFeeCents: null,
        chargedAt: transaction.submittedAt,
        card: transaction.card.last4 ? transaction.card : method.card,
      },
    };
  }

  /** Spec section 8: the gateway's errors show one message; its own words stay in the attempt and the logs. */
  declineAnswer(): string {
    return MESSAGES.gatewayError;
  }

  /** The merchant account the attempt was stored for; gone only if the landlord's keys were replaced since (ask to pay again). */
  private async gatewayOf(attempt: CardPayment): Promise<AuthorizeNetGateway> {
    const gateway = await this.accounts.gatewayOfMerchant(attempt.connectedAccountId);
    if (!gateway) throw new ConflictException(MESSAGES.cardGatewayChanged);
    return gateway;
  }

  /** What became of an earlier call whose answer we never recorded. */
  private async lookUp(gateway: AuthorizeNetGateway, attempt: CardPayment): Promise<AuthorizeNetTransaction | null> {
    try {
      return await gateway.findChargeByInvoiceNumber(attempt.invoiceNumber!);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      // Without knowing, charging again could charge twice: ask the tenant to try again later.
      this.logger.error({ err: error, cardPaymentId: attempt.id }, 'Could not look up an attempt at Authorize.Net');
      throw new ServiceUnavailableException(MESSAGES.noGatewayResponse);
    }
  }

  private async chargeNonce(
    gateway: AuthorizeNetGateway,
    attempt: CardPayment,
    { paymentNonce, card }: AuthorizeNetCard,
  ): Promise<AuthorizeNetTransaction | { status: 'declined'; reasonCode: string | null; reasonText: string }> {
    const [tenant, tenancy] = await Promise.all([
      this.queries.execute(new GetUser(attempt.tenantUserId)),
      this.queries.execute(new GetTenancy(attempt.tenantUserId)),
    ]);
    const person = tenant ?? { firstName: '', lastName: '', phone: '', email: '' };
    try {
      return await gateway.chargeNonce({
        nonce: { dataDescriptor: paymentNonce.dataDescriptor, dataValue: attempt.paymentMethodId },
        amountCents: attempt.chargedCents,
        invoiceNumber: attempt.invoiceNumber!,
        refId: attempt.invoiceNumber!,
        description: authorizeNetChargeDescription(this.clock.now(), card),
        billTo: billToOf(person, tenancy?.propertyAddress ?? attempt.description),
      });
    } catch (error) {
      if (error instanceof CardDeclined) return { status: 'declined', reasonCode: error.code ?? null, reasonText: error.message };
      if (error instanceof PaymentGatewayError) {
        // The attempt stays pending: its retry looks the invoice number up before anything else.
        this.logger.error({ err: error, cardPaymentId: attempt.id }, 'Authorize.Net charge got no usable answer');
        throw new ServiceUnavailableException(MESSAGES.noGatewayResponse);
      }
      throw error;
    }
  }
}
