import {
  ConflictException,
  HttpException,
  HttpStatus,
  Logger,
  ServiceUnavailableException,
  UnauthorizedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { landlordFeeCentsAt, tenantProcessingFeeCentsAt } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { isSignInFresh, rentPaymentDescription } from '@rentwise/libs/payment-rules';
import { createHash } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { Faults } from '../../../infrastructure/faults/faults';
import {
  CardCharge,
  CardDeclined,
  ConnectedAccountNotFound,
  PaymentGateway,
  PaymentGatewayError,
} from '../../../infrastructure/payment-gateway/payment-gateway.port';
import { GetPayoutAccount } from '../../onboarding/contracts/get-payout-account.query';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import { CardGateways } from '../card-gateways/card-gateways';
import { CardAttemptGuard } from '../card-payments/card-attempt-guard';
import { cardPaymentByKey, insertCardPayment } from '../card-payments/card-payment-sql';
import { CardPayment } from '../card-payments/card-payment.entity';
import { ChargeSettlement } from '../card-payments/charge-settlement';
import { PayoutAccountReadiness } from '../card-payments/payout-account-readiness';
import { PaidRent, PayRent } from './pay-rent.command';
import { paidRentOf } from './paid-rent';

/** The 401 the payment screen turns into 'You need to log in again.' and a sign-out. */
export class SignInTooOld extends UnauthorizedException {
  constructor() {
    super({ message: MESSAGES.staleLogin, code: 'reauthenticate' });
  }
}

function inputHashOf(tenantUserId: string, amountCents: number, paymentMethodId: string): string {
  return createHash('sha256').update(JSON.stringify([tenantUserId, amountCents, paymentMethodId])).digest('hex');
}

/**
 * Stores the attempt (key and input hash) before calling the provider and passes the same key to it,
 * so a retried, doubled or crashed-and-retried request charges once; then posts the charge to the
 * ledger at the provider's charge time, with the receipt email, in one transaction (ChargeSettlement,
 * shared with the provider's events: one journal whichever comes first).
 */
@CommandHandler(PayRent)
export class PayRentHandler implements ICommandHandler<PayRent> {
  private readonly logger = new Logger(PayRentHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queries: QueryBus,
    private readonly gateway: PaymentGateway,
    private readonly settlement: ChargeSettlement,
    private readonly clock: Clock,
    private readonly gateways: CardGateways,
    private readonly faults: Faults,
    private readonly readiness: PayoutAccountReadiness,
    private readonly guard: CardAttemptGuard,
  ) {}

  async execute({ tenantUserId, signedInAt, input, clientAddress }: PayRent): Promise<PaidRent> {
    if (!isSignInFresh(signedInAt, this.clock.now())) throw new SignInTooOld();

    const inputHash = inputHashOf(tenantUserId, input.amountCents, input.paymentMethodId);
    const attempt = await this.attemptUnder(tenantUserId, input, inputHash, clientAddress);
    if (attempt.inputHash !== inputHash) throw new UnprocessableEntityException(MESSAGES.paymentAttemptReused);
    if (attempt.status === 'succeeded') return paidRentOf(attempt, false);
    if (attempt.status === 'declined') throw new HttpException(attempt.failureMessage!, HttpStatus.PAYMENT_REQUIRED);

    const charge = await this.charge(attempt);
    return this.record(attempt, charge);
  }

  /**
   * The attempt stored under the request's key. Nearly every request brings a new key, so the attempt
   * is stored without asking for the key or the landlord's gateway first (two statements fewer on
   * every payment: the insert refuses a landlord on another gateway itself); a retried or
   * doubled request finds its key taken and goes on with that attempt, and one refused meanwhile (its
   * tenancy ended, its landlord can no longer be paid) still answers with what its key already did.
   */
  private async attemptUnder(
    tenantUserId: string,
    input: PayRent['input'],
    inputHash: string,
    clientAddress: string,
  ): Promise<CardPayment> {
    let fresh: Omit<CardPayment, 'id'>;
    try {
      fresh = await this.newAttempt(tenantUserId, input, inputHash, clientAddress);
    } catch (refusal) {
      if (!(refusal instanceof HttpException)) throw refusal;
      const stored = await cardPaymentByKey(this.unitOfWork, input.idempotencyKey);
      if (stored) return stored;
      throw refusal;
    }
    const storedId = await insertCardPayment(this.unitOfWork, fresh);
    if (storedId) return { ...fresh, id: storedId };
    const stored = await cardPaymentByKey(this.unitOfWork, input.idempotencyKey);
    if (stored) return stored;
    if (await this.movedToDirectGateway(fresh.landlordUserId)) throw new ConflictException(MESSAGES.cardGatewayChanged);
    throw new Error(`Card payment ${input.idempotencyKey} was neither stored nor found`);
  }

  /**
   * Whether an operator moved the landlord to the direct gateway since the payment page loaded (such a
   * landlord may have no payout account here at all). Asked only once something refused: the attempt's
   * insert checks the gateway itself.
   */
  private async movedToDirectGateway(landlordUserId: string): Promise<boolean> {
    return (await this.gateways.of(landlordUserId)) !== 'stripe';
  }

  /**
   * Who is paid, how much and on which account; refuses past the limit on declined cards, when the
   * landlord cannot be paid yet, and a second payment for the home within 10 minutes not yet confirmed.
   */
  private async newAttempt(
    tenantUserId: string,
    input: PayRent['input'],
    inputHash: string,
    clientAddress: string,
  ): Promise<Omit<CardPayment, 'id'>> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) throw new ConflictException(MESSAGES.noTenancyToPay);
    const { landlordUserId, propertyId } = tenancy;
    const guarded = { tenantUserId, landlordUserId, propertyId, clientAddress, idempotencyKey: input.idempotencyKey };
    const [recent, payout] = await Promise.all([
      this.guard.recentAttempts(guarded),
      this.queries.execute(new GetPayoutAccount(tenancy.landlordUserId)),
    ]);
    await this.guard.refuseWhileTooManyDeclines(guarded, recent);
    if (!payout || !(await this.readiness.canTakeCharges(payout))) {
      const moved = await this.movedToDirectGateway(tenancy.landlordUserId);
      throw new ConflictException(moved ? MESSAGES.cardGatewayChanged : MESSAGES.landlordCannotBePaid);
    }
    this.guard.refuseUnconfirmedRepeat(recent, input.confirmRepeat);

    const now = this.clock.now();
    const processingFeeCents = tenantProcessingFeeCentsAt(now);
    const chargedCents = input.amountCents + processingFeeCents;
    return {
      idempotencyKey: input.idempotencyKey,
      inputHash,
      invoiceNumber: null,
      status: 'pending',
      tenantUserId,
      landlordUserId: tenancy.landlordUserId,
      propertyId: tenancy.propertyId,
      amountCents: input.amountCents,
      processingFeeCents,
      chargedCents,
      // Never all of it: a tiny payment still leaves the landlord a cent (the ledger refuses zero entries).
      applicationFeeCents: Math.min(landlordFeeCentsAt(Math.floor(now.getTime() / 1000)), chargedCents - 1),
      description: rentPaymentDescription(tenancy.propertyAddress),
      provider: this.gateway.name,
      connectedAccountId: payout.accountId,
      paymentMethodId: input.paymentMethodId,
      paymentIntentId: null,
      chargeId: null,
      balanceTransactionId: null,
      processorFeeCents: null,
      cardBrand: null,
      cardLast4: null,
      failureCode: null,
      failureMessage: null,
      chargedAt: null,
      ledgerTransactionId: null,
      clientAddress,
      createdAt: now,
      updatedAt: now,
    };
  }

  private async charge(attempt: CardPayment): Promise<CardCharge> {
    try {
      return await this.gateway.chargeCard({
        connectedAccountId: attempt.connectedAccountId,
        paymentMethodId: attempt.paymentMethodId,
        amountCents: attempt.chargedCents,
        applicationFeeCents: attempt.applicationFeeCents,
        description: attempt.description,
        idempotencyKey: attempt.idempotencyKey,
        metadata: { cardPaymentId: attempt.id, tenantUserId: attempt.tenantUserId, propertyId: attempt.propertyId },
      });
    } catch (error) {
      if (error instanceof CardDeclined) {
        await this.unitOfWork
          .repository(CardPayment)
          .update(
            { id: attempt.id, status: 'pending' },
            { status: 'declined', failureCode: error.code ?? null, failureMessage: error.message, updatedAt: this.clock.now() },
          );
        throw new HttpException(error.message, HttpStatus.PAYMENT_REQUIRED);
      }
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

  /** The same settlement as the provider's events use: whichever comes first posts, under the charge's lock. */
  private async record(attempt: CardPayment, charge: CardCharge): Promise<PaidRent> {
    const settled = await this.settlement.record(attempt, charge);
    this.faults.crashPoint('after-commit-before-answer');
    return paidRentOf(settled.attempt, settled.created);
  }
}
