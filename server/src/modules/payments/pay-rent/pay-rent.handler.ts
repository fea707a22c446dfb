import { ConflictException, HttpException, HttpStatus, Inject, Logger, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { platformFeeCentsAt } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { isSignInFresh, rentPaymentDescription } from '@rentwise/libs/payment-rules';
import { createHash, randomUUID } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { Faults } from '../../../infrastructure/faults/faults';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import { CardGateways } from '../card-gateways/card-gateways';
import { CardAttemptGuard } from '../card-payments/card-attempt-guard';
import { CardAttempts, type NewCardAttempt, pendingAttemptOf } from '../card-payments/card-attempts';
import { CardPayment } from '../card-payments/card-payment.entity';
import { ChargeSettlement } from '../card-payments/charge-settlement';
import { BankDebitSettlement } from '../bank-debits/bank-debit-settlement';
import { PaidRent, PayRent, PayRentAutomatically, PaymentMethod } from './pay-rent.command';
import { paidRentOf } from './paid-rent';
import { PAYMENT_WAYS, type PaymentWay, paymentWayFor, type PaymentWays } from './payment-way';

/** The 401 the payment screen turns into 'You need to log in again.' and a sign-out. */
export class SignInTooOld extends UnauthorizedException {
  constructor() {
    super({ message: MESSAGES.staleLogin, code: 'reauthenticate' });
  }
}

/** A declined attempt's answer, thrown only once its decline is stored. */
class Declined {
  constructor(readonly message: string) {}
}

/**
 * The one use case that takes rent, whichever way the tenant pays (decision 0028): the attempt (key,
 * input hash, everything about who is paid what) is stored before any provider is called, and the
 * same key goes to the provider, so a retried, doubled or crashed-and-retried request charges once;
 * then the charge is posted to the ledger at the provider's charge time, with the receipt email, in
 * one transaction (ChargeSettlement, shared with the provider's events: one journal whichever comes
 * first). The way of paying (PaymentWay) supplies only what differs: the payee, the charge call, and
 * how its provider is kept from charging twice.
 */
@CommandHandler(PayRent)
export class PayRentHandler implements ICommandHandler<PayRent> {
  private readonly logger = new Logger(PayRentHandler.name);

  constructor(
    private readonly queries: QueryBus,
    private readonly attempts: CardAttempts,
    private readonly settlement: ChargeSettlement,
    private readonly clock: Clock,
    private readonly gateways: CardGateways,
    private readonly faults: Faults,
    private readonly guard: CardAttemptGuard,
    private readonly bankDebits: BankDebitSettlement,
    @Inject(PAYMENT_WAYS) private readonly ways: PaymentWays,
  ) {}

  async execute({ tenantUserId, signedInAt, request, clientAddress }: PayRent): Promise<PaidRent> {
    if (!isSignInFresh(signedInAt, this.clock.now())) throw new SignInTooOld();
    return this.pay({ tenantUserId, request, clientAddress, offSession: false });
  }

  /** PayRent without the tenant at the screen (PayRentAutomatically's handler). */
  async payAutomatically({ tenantUserId, request, clientAddress }: PayRentAutomatically): Promise<PaidRent> {
    return this.pay({ tenantUserId, request, clientAddress, offSession: true });
  }

  private async pay({ tenantUserId, request, clientAddress, offSession }: Omit<AskedPayment, 'inputHash'>): Promise<PaidRent> {
    const way = paymentWayFor(this.ways, request.method.way) as PaymentWay;
    const inputHash = createHash('sha256')
      .update(JSON.stringify(way.inputHashParts(tenantUserId, request.amountCents, request.method)))
      .digest('hex');
    const { attempt, seenBefore } = await this.attemptUnder(way, { tenantUserId, request, inputHash, clientAddress, offSession });
    if (attempt.inputHash !== inputHash) throw new UnprocessableEntityException(MESSAGES.paymentAttemptReused);

    const outcome = way.providerChargesOncePerKey
      ? await this.settle(way, attempt, request.method, seenBefore)
      : // A doubled request waits here, then finds the attempt settled.
        await this.attempts.oneAtATime(attempt.id, (current) => this.settle(way, current, request.method, seenBefore));
    if (outcome instanceof Declined) throw new HttpException(outcome.message, HttpStatus.PAYMENT_REQUIRED);
    this.faults.crashPoint('after-commit-before-answer');
    return outcome;
  }

  /**
   * The attempt stored under the request's key, and whether an earlier request stored it. Nearly
   * every request brings a new key, so the attempt is stored without asking for the key first (the
   * insert refuses a landlord on another gateway itself); a retried or doubled request finds its key
   * taken and goes on with that attempt, and one refused meanwhile (its tenancy ended, its landlord
   * can no longer be paid) still answers with what its key already did.
   */
  private async attemptUnder(way: PaymentWay, asked: AskedPayment): Promise<{ attempt: CardPayment; seenBefore: boolean }> {
    let fresh: NewCardAttempt;
    try {
      fresh = await this.newAttempt(way, asked);
    } catch (refusal) {
      if (!(refusal instanceof HttpException)) throw refusal;
      const stored = await this.attempts.byKey(asked.request.idempotencyKey);
      if (stored) return { attempt: stored, seenBefore: true };
      throw refusal;
    }
    if (await this.attempts.store(fresh, way.landlordGateway)) return { attempt: pendingAttemptOf(fresh), seenBefore: false };
    const stored = await this.attempts.byKey(asked.request.idempotencyKey);
    if (stored) return { attempt: stored, seenBefore: true };
    if (await this.movedToAnotherGateway(way, fresh.landlordUserId)) throw new ConflictException(MESSAGES.cardGatewayChanged);
    throw new Error(`Payment attempt ${asked.request.idempotencyKey} was neither stored nor found`);
  }

  /**
   * Whether an operator moved the landlord to another card gateway since the payment page loaded
   * (such a landlord may have no payout account here at all). Asked only once something refused.
   */
  private async movedToAnotherGateway(way: PaymentWay, landlordUserId: string): Promise<boolean> {
    return (await this.gateways.of(landlordUserId)) !== way.landlordGateway;
  }

  /**
   * Who is paid, how much and on which account; refuses past the limit on declined cards, when the
   * landlord cannot be paid this way, and a second payment for the home within 10 minutes not yet confirmed.
   */
  private async newAttempt(way: PaymentWay, { tenantUserId, request, inputHash, clientAddress, offSession }: AskedPayment): Promise<NewCardAttempt> {
    const tenancy = await this.queries.execute(new GetTenancy(tenantUserId));
    if (!tenancy) throw new ConflictException(MESSAGES.noTenancyToPay);
    const { landlordUserId, propertyId } = tenancy;
    const guarded = { tenantUserId, landlordUserId, propertyId, clientAddress, idempotencyKey: request.idempotencyKey };
    const [recent, payee] = await Promise.all([offSession ? null : this.guard.recentAttempts(guarded), way.payee(landlordUserId)]);
    if (recent) await this.guard.refuseWhileTooManyDeclines(guarded, recent);
    if (!payee) {
      const moved = await this.movedToAnotherGateway(way, landlordUserId);
      throw new ConflictException(moved ? MESSAGES.cardGatewayChanged : way.cannotBePaidMessage);
    }
    if (recent) this.guard.refuseUnconfirmedRepeat(recent, request.confirmRepeat);

    const id = randomUUID();
    const now = this.clock.now();
    const feeCents = way.tenantFeeCents(now);
    const chargedCents = request.amountCents + feeCents;
    const methodFields = await way.attemptFields(request.method, {
      attemptId: id,
      tenantUserId,
      tenancy,
      payee,
      idempotencyKey: request.idempotencyKey,
      chargedCents,
      clientAddress,
      at: now,
    });
    return {
      id,
      idempotencyKey: request.idempotencyKey,
      inputHash,
      tenantUserId,
      landlordUserId,
      propertyId,
      amountCents: request.amountCents,
      processingFeeCents: feeCents,
      chargedCents,
      // Never all of it: a tiny payment still leaves the landlord a cent (the ledger refuses zero entries).
      platformFeeCents: Math.min(platformFeeCentsAt(Math.floor(now.getTime() / 1000)), chargedCents - 1),
      description: rentPaymentDescription(tenancy.propertyAddress),
      provider: payee.provider,
      connectedAccountId: payee.accountId,
      ...methodFields,
      clientAddress,
      createdAt: now,
    };
  }

  /** The attempt's outcome: its first answer again, or the provider's now, posted as the provider's events post it. */
  private async settle(way: PaymentWay, attempt: CardPayment, method: PaymentMethod, seenBefore: boolean): Promise<PaidRent | Declined> {
    if (attempt.status === 'declined') return new Declined(way.declineAnswer(attempt.failureMessage!));
    if (attempt.status !== 'pending') return paidRentOf(attempt, false);

    const outcome = await way.charge(attempt, method, seenBefore);
    if (outcome.kind === 'declined') {
      await this.attempts.markDeclined(attempt.id, outcome, this.clock.now());
      this.logger.log({ cardPaymentId: attempt.id, way: way.way, reasonCode: outcome.failureCode, reason: outcome.failureMessage }, 'Card declined');
      return new Declined(way.declineAnswer(outcome.failureMessage));
    }
    if (outcome.kind === 'processing') {
      const sent = await this.bankDebits.recordProcessing(attempt, outcome.debit);
      return paidRentOf(sent.attempt, sent.created);
    }
    const settled = await this.settlement.record(attempt, outcome.charge);
    return paidRentOf(settled.attempt, settled.created);
  }
}

interface AskedPayment {
  tenantUserId: string;
  request: PayRent['request'];
  inputHash: string;
  clientAddress: string;
  /** An automatic payment: the declined-card limit and the repeat question are the tenant's at the screen. */
  offSession: boolean;
}

/** Sends PayRentAutomatically through PayRent's one implementation. */
@CommandHandler(PayRentAutomatically)
export class PayRentAutomaticallyHandler implements ICommandHandler<PayRentAutomatically> {
  constructor(private readonly payRent: PayRentHandler) {}

  execute(command: PayRentAutomatically): Promise<PaidRent> {
    return this.payRent.payAutomatically(command);
  }
}
