import { BadRequestException, ConflictException, Logger, NotFoundException, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { refundAmountProblem } from '@rentwise/libs/refunds';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../infrastructure/clock/clock';
import { lockUntilCommit } from '../../../infrastructure/database/transaction-lock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { PaymentGatewayError } from '../../../infrastructure/providers/provider-errors';
import { RefundMailer } from '../emails/refund-mailer';
import { type PaymentToRefund, PaymentsToRefund } from './payments-to-refund';
import { type RefundAttempt, RefundAttempts } from './refund-attempts';
import { RefundPayment, type RefundSent } from './refund-payment.command';
import { RefundWays } from './refund-way';

/**
 * Refunds exactly once: the refund is stored with its key before the provider is called, under a lock
 * on the payment, and what is left is read under that lock counting refunds asked for and not yet
 * answered, so two concurrent refunds never give back more than was paid and the same key sends one.
 * The provider is called with the refund's own key; its answer is posted through the provider event's
 * path (same journal key), and the tenant's email is asked for with that answer, once.
 */
@CommandHandler(RefundPayment)
export class RefundPaymentHandler implements ICommandHandler<RefundPayment> {
  private readonly logger = new Logger(RefundPaymentHandler.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly payments: PaymentsToRefund,
    private readonly attempts: RefundAttempts,
    private readonly mailer: RefundMailer,
    private readonly clock: Clock,
    private readonly ways: RefundWays,
  ) {}

  async execute({ landlordUserId, receiptId, input }: RefundPayment): Promise<RefundSent> {
    const payment = await this.payments.read(receiptId, landlordUserId);
    if (!payment) throw new NotFoundException(MESSAGES.notFound);
    const { attempt, created } = await this.reserve(payment, input);
    const charge = payment.charge!;
    if (attempt.status === 'failed') throw new ConflictException(MESSAGES.refundRefusedByProcessor);
    if (attempt.status !== 'requested') return this.answerOf(attempt, created);

    const way = this.ways.for(charge);
    let sent;
    try {
      sent = await way.send(payment, charge, attempt, !created);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      // Stored as requested, its amount held: the same key sends it again and finds what this one did.
      this.logger.warn({ refundId: attempt.id, reason: error.message }, 'Refund not answered by the provider');
      throw new ServiceUnavailableException(MESSAGES.noGatewayResponse);
    }
    const answered = await this.unitOfWork.run(async (manager) => {
      const marked = await this.attempts.answer(attempt.id, sent, this.clock.now());
      if (sent.status === 'failed') return marked;
      if (marked) await this.mailer.request(manager, { refundId: attempt.id, receiptId: payment.receiptId, tenantUserId: payment.tenantUserId });
      await way.post(charge, sent, attempt);
      return marked;
    });
    const now = answered ?? (await this.attempts.byId(attempt.id))!;
    if (now.status === 'failed') {
      this.logger.warn({ refundId: attempt.id, reason: now.failureMessage }, 'Refund refused by the provider');
      throw new ConflictException(MESSAGES.refundRefusedByProcessor);
    }
    if (answered) this.logger.log({ refundId: attempt.id, receiptId, amountCents: attempt.amountCents, way: attempt.way }, 'Refund sent');
    return this.answerOf(now, created);
  }

  /** The refund stored under its key (or the one stored before with it), once the payment can give it. */
  private async reserve(payment: PaymentToRefund, input: RefundPayment['input']): Promise<{ attempt: RefundAttempt; created: boolean }> {
    const earlier = await this.attempts.byKey(payment.landlordUserId, input.idempotencyKey);
    if (earlier) return { attempt: this.sameRequest(earlier, payment, input), created: false };
    this.refuseIfCannot(payment, input.amountCents);
    // Void or refund depends on the gateway's settlement: asked before the lock, not while holding it.
    const chosen = await this.ways.for(payment.charge!).choose(payment, payment.charge!, input.amountCents);
    if ('refusal' in chosen) throw new ConflictException(chosen.refusal);
    return this.unitOfWork.run(async (manager) => {
      await lockUntilCommit(manager, `refunds:${payment.receiptId}`);
      const raced = await this.attempts.byKey(payment.landlordUserId, input.idempotencyKey);
      if (raced) return { attempt: this.sameRequest(raced, payment, input), created: false };
      const current = (await this.payments.read(payment.receiptId, payment.landlordUserId))!;
      this.refuseIfCannot(current, input.amountCents);
      const attempt = await this.attempts.store({
        id: randomUUID(),
        paymentTransactionId: payment.receiptId,
        landlordUserId: payment.landlordUserId,
        idempotencyKey: input.idempotencyKey,
        amountCents: input.amountCents,
        reason: input.reason,
        way: chosen.way,
        requestedAt: this.clock.now(),
      });
      return { attempt, created: true };
    });
  }

  private refuseIfCannot(payment: PaymentToRefund, amountCents: number): void {
    if (payment.refusal) throw new ConflictException(payment.refusal);
    const problem = refundAmountProblem(amountCents, payment);
    if (problem) throw new BadRequestException(problem);
  }

  private sameRequest(attempt: RefundAttempt, payment: PaymentToRefund, input: RefundPayment['input']): RefundAttempt {
    const same = attempt.paymentTransactionId === payment.receiptId && attempt.amountCents === input.amountCents && attempt.reason === input.reason;
    if (!same) throw new UnprocessableEntityException(MESSAGES.refundAttemptReused);
    return attempt;
  }

  private answerOf(attempt: RefundAttempt, created: boolean): RefundSent {
    return {
      refundId: attempt.id,
      receiptId: attempt.paymentTransactionId,
      amountCents: attempt.amountCents,
      way: attempt.way,
      status: attempt.status === 'succeeded' ? 'succeeded' : 'pending',
      created,
    };
  }
}
