import {
  ConflictException,
  HttpException,
  HttpStatus,
  Logger,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { billToOf, directChargeDescription, invoiceNumberOf } from '@rentwise/libs/direct-gateway';
import { landlordFeeCentsAt, tenantProcessingFeeCentsAt } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { isSignInFresh, rentPaymentDescription } from '@rentwise/libs/payment-rules';
import { createHash, randomUUID } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { lockUntilCommit } from '../../../infrastructure/database/transaction-lock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import {
  DirectCardGateway,
  DirectTransaction,
} from '../../../infrastructure/payment-gateway/authorize-net/direct-card-gateway.port';
import { CardDeclined, PaymentGatewayError } from '../../../infrastructure/payment-gateway/payment-gateway.port';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import { CardGateways } from '../card-gateways/card-gateways';
import { CardAttemptGuard } from '../card-payments/card-attempt-guard';
import { cardPaymentByKey } from '../card-payments/card-payment-sql';
import { CardPayment } from '../card-payments/card-payment.entity';
import { ChargeSettlement } from '../card-payments/charge-settlement';
import { PaidRent } from './pay-rent.command';
import { paidRentOf } from './paid-rent';
import { PayRentDirect } from './pay-rent-direct.command';
import { SignInTooOld } from './pay-rent.handler';

function inputHashOf(tenantUserId: string, input: PayRentDirect['input']): string {
  return createHash('sha256')
    .update(JSON.stringify(['direct', tenantUserId, input.amountCents, input.paymentNonce.dataValue, input.card.brand, input.card.last4]))
    .digest('hex');
}

/**
 * Authorize.Net has no idempotency header, so the attempt carries it: the attempt (key, input hash,
 * invoice number) is stored before the gateway is called, and everything after runs under the
 * attempt's lock. An attempt seen before asks the gateway for its invoice number first: a charge
 * whose answer was lost is found and posted, never made again. The nonce is single-use and the
 * gateway refuses the same invoice and amount inside its duplicate window, so even a call that
 * overtakes the lookup cannot charge twice.
 */
@CommandHandler(PayRentDirect)
export class PayRentDirectHandler implements ICommandHandler<PayRentDirect> {
  private readonly logger = new Logger(PayRentDirectHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly gateway: DirectCardGateway,
    private readonly gateways: CardGateways,
    private readonly settlement: ChargeSettlement,
    private readonly clock: Clock,
    private readonly guard: CardAttemptGuard,
  ) {}

  async execute({ tenantUserId, signedInAt, input, clientAddress }: PayRentDirect): Promise<PaidRent> {
    if (!isSignInFresh(signedInAt, this.clock.now())) throw new SignInTooOld();

    const inputHash = inputHashOf(tenantUserId, input);
    const attempts = this.unitOfWork.repository(CardPayment);
    let attempt = await cardPaymentByKey(this.unitOfWork, input.idempotencyKey);
    let seenBefore = true;
    if (!attempt) {
      const fresh = await this.newAttempt(tenantUserId, input, inputHash, clientAddress);
      const inserted = await attempts.createQueryBuilder().insert().values(fresh).orIgnore().returning(['id']).execute();
      seenBefore = inserted.raw.length === 0;
      attempt = await attempts.findOneByOrFail({ idempotencyKey: input.idempotencyKey });
    }
    if (attempt.inputHash !== inputHash || !attempt.invoiceNumber) throw new UnprocessableEntityException(MESSAGES.paymentAttemptReused);

    const outcome = await this.unitOfWork.run(async (manager): Promise<PaidRent | 'declined'> => {
      // A doubled request waits here, then finds the attempt settled.
      await lockUntilCommit(manager, `direct-attempt:${attempt.id}`);
      const current = await manager.getRepository(CardPayment).findOneByOrFail({ id: attempt.id });
      if (current.status === 'succeeded') return paidRentOf(current, false);
      if (current.status === 'declined') return 'declined';

      const found = seenBefore ? await this.lookUp(current) : null;
      const transaction = found ?? (await this.charge(current, input));
      if (transaction.status !== 'approved') {
        await this.recordDecline(current, transaction.reasonCode, transaction.reasonText);
        return 'declined';
      }
      const settled = await this.settlement.record(current, {
        connectedAccountId: this.gateway.merchantAccount,
        paymentIntentId: null,
        chargeId: transaction.transactionId,
        balanceTransactionId: null,
        amountCents: transaction.amountCents,
        processorFeeCents: null,
        chargedAt: transaction.submittedAt,
        card: transaction.card.last4 ? transaction.card : input.card,
      });
      return paidRentOf(settled.attempt, settled.created);
    });
    // Spec section 8: the gateway's errors show one message; its own words stay in the attempt and the logs.
    if (outcome === 'declined') throw new HttpException(MESSAGES.gatewayError, HttpStatus.PAYMENT_REQUIRED);
    return outcome;
  }

  /**
   * Who is paid how much; refuses past the limit on declined cards, when the landlord is not (or no
   * longer) on the direct gateway, and a second payment for the home within 10 minutes not yet confirmed.
   */
  private async newAttempt(
    tenantUserId: string,
    input: PayRentDirect['input'],
    inputHash: string,
    clientAddress: string,
  ): Promise<CardPayment> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) throw new ConflictException(MESSAGES.noTenancyToPay);
    const { landlordUserId, propertyId } = tenancy;
    const guarded = { tenantUserId, landlordUserId, propertyId, clientAddress, idempotencyKey: input.idempotencyKey };
    const [recent, gateway] = await Promise.all([this.guard.recentAttempts(guarded), this.gateways.of(landlordUserId)]);
    await this.guard.refuseWhileTooManyDeclines(guarded, recent);
    if (gateway !== 'authorize_net') throw new ConflictException(MESSAGES.cardGatewayChanged);
    if (!this.gateway.clientSetup) throw new ConflictException(MESSAGES.landlordCannotBePaid);
    this.guard.refuseUnconfirmedRepeat(recent, input.confirmRepeat);

    const id = randomUUID();
    const now = this.clock.now();
    const processingFeeCents = tenantProcessingFeeCentsAt(now);
    const chargedCents = input.amountCents + processingFeeCents;
    return {
      id,
      idempotencyKey: input.idempotencyKey,
      inputHash,
      invoiceNumber: invoiceNumberOf(id),
      status: 'pending',
      tenantUserId,
      landlordUserId: tenancy.landlordUserId,
      propertyId: tenancy.propertyId,
      amountCents: input.amountCents,
      processingFeeCents,
      chargedCents,
      // Our dated fee, as on Stripe: what the landlord is owed is the charge less it.
      applicationFeeCents: Math.min(landlordFeeCentsAt(Math.floor(now.getTime() / 1000)), chargedCents - 1),
      description: rentPaymentDescription(tenancy.propertyAddress),
      provider: this.gateway.name,
      connectedAccountId: this.gateway.merchantAccount,
      // The nonce: single-use, minutes-lived, not card data; kept so a retry of this attempt can send it.
      paymentMethodId: input.paymentNonce.dataValue,
      paymentIntentId: null,
      chargeId: null,
      balanceTransactionId: null,
      processorFeeCents: null,
      cardBrand: input.card.brand,
      cardLast4: input.card.last4,
      failureCode: null,
      failureMessage: null,
      chargedAt: null,
      ledgerTransactionId: null,
      clientAddress,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** What became of an earlier call whose answer we never recorded. */
  private async lookUp(attempt: CardPayment): Promise<DirectTransaction | null> {
    try {
      return await this.gateway.findChargeByInvoiceNumber(attempt.invoiceNumber!);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      // Without knowing, charging again could charge twice: ask the tenant to try again later.
      this.logger.error({ err: error, cardPaymentId: attempt.id }, 'Could not look up an attempt at Authorize.Net');
      throw new ServiceUnavailableException(MESSAGES.noGatewayResponse);
    }
  }

  private async charge(
    attempt: CardPayment,
    input: PayRentDirect['input'],
  ): Promise<DirectTransaction | { status: 'declined'; reasonCode: string | null; reasonText: string }> {
    const [tenant, tenancy] = await Promise.all([
      this.queries.execute(new GetUser(attempt.tenantUserId)),
      this.queries.execute(new GetTenancy(attempt.tenantUserId)),
    ]);
    const person = tenant ?? { firstName: '', lastName: '', phone: '', email: '' };
    try {
      return await this.gateway.chargeNonce({
        nonce: { dataDescriptor: input.paymentNonce.dataDescriptor, dataValue: attempt.paymentMethodId },
        amountCents: attempt.chargedCents,
        invoiceNumber: attempt.invoiceNumber!,
        refId: attempt.invoiceNumber!,
        description: directChargeDescription(this.clock.now(), input.card),
        billTo: billToOf(person, tenancy?.propertyAddress ?? attempt.description),
      });
    } catch (error) {
      if (error instanceof CardDeclined) {
        return { status: 'declined', reasonCode: error.code ?? null, reasonText: error.message };
      }
      if (error instanceof PaymentGatewayError) {
        // The attempt stays pending: its retry looks the invoice number up before anything else.
        this.logger.error({ err: error, cardPaymentId: attempt.id }, 'Authorize.Net charge got no usable answer');
        throw new ServiceUnavailableException(MESSAGES.noGatewayResponse);
      }
      throw error;
    }
  }

  /** Declined for good: the same key answers the same; the tenant enters the card again (a new attempt). */
  private async recordDecline(attempt: CardPayment, code: string | null, text: string | null): Promise<void> {
    await this.unitOfWork
      .repository(CardPayment)
      .update(
        { id: attempt.id, status: 'pending' },
        { status: 'declined', failureCode: code, failureMessage: text ?? MESSAGES.gatewayError, updatedAt: this.clock.now() },
      );
    this.logger.log({ cardPaymentId: attempt.id, reasonCode: code, reason: text }, 'Authorize.Net declined a card');
  }
}
