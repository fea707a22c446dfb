import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../../../infrastructure/clock/clock';
import { lockUntilCommit } from '../../../infrastructure/database/transaction-lock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { newEnvelope } from '../../../infrastructure/messaging/envelope';
import { RentPaymentJournal } from '../ledger/rent-payment-journal';
import { ReceiptMailer } from '../emails/receipt-mailer';
import { CardPayment } from './card-payment.entity';
import { CardAttempts, type PaidAttempt } from './card-attempts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A successful charge as either the synchronous answer or a later re-read reports it. */
export interface SucceededCharge {
  connectedAccountId: string;
  paymentIntentId: string | null;
  chargeId: string;
  balanceTransactionId: string | null;
  amountCents: number;
  processorFeeCents: number | null;
  chargedAt: Date;
  card: { brand: string | null; last4: string | null };
}

/** How a provider charge names the attempt it was made for. */
export interface ChargeReference {
  accountId: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  metadata?: Record<string, string>;
}

const LEDGER_PROVIDERS = ['stripe', 'sandbox', 'authorize_net', 'authorize_net_sandbox'] as const;

export function ledgerProviderOf(provider: string): (typeof LEDGER_PROVIDERS)[number] {
  return (LEDGER_PROVIDERS as readonly string[]).includes(provider) ? (provider as (typeof LEDGER_PROVIDERS)[number]) : 'sandbox';
}

/** The advisory lock key of everything about one charge: its payment, refunds and disputes. */
export const chargeLockKey = (accountId: string, chargeId: string): string => `charge:${accountId}/${chargeId}`;

/**
 * One charge, one journal: PayRent's answer from the provider, `payment_intent.succeeded` and
 * `charge.succeeded` all post it here, under the attempt's key `card-payment:<attempt id>` (the
 * attempt id travels with the charge as metadata), holding an advisory lock on the charge, so
 * whichever comes first posts and the others find it posted.
 */
@Injectable()
export class ChargeSettlement {
  private readonly logger = new Logger(ChargeSettlement.name);
  private readonly heldLocks = new WeakMap<EntityManager, Set<string>>();

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly journal: RentPaymentJournal,
    private readonly receipts: ReceiptMailer,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly attempts: CardAttempts,
  ) {}

  /**
   * Waits for, then holds until the transaction ends, the charge's lock. Only inside a unit of work.
   * A transaction that holds it already (a provider event locks before it re-reads, then records)
   * does not ask PostgreSQL again.
   */
  async lockCharge(accountId: string, chargeId: string): Promise<void> {
    const manager = this.unitOfWork.manager;
    const key = chargeLockKey(accountId, chargeId);
    const held = this.heldLocks.get(manager);
    if (held?.has(key)) return;
    await lockUntilCommit(manager, key);
    // Each transaction has its own EntityManager, forgotten with it: the set cannot outlive the locks.
    this.heldLocks.set(manager, (held ?? new Set()).add(key));
  }

  /** The attempt a provider charge was made for, or null when it is not one of ours. */
  async findAttempt(reference: ChargeReference): Promise<CardPayment | null> {
    const cardPaymentId = reference.metadata?.cardPaymentId;
    if (cardPaymentId && UUID.test(cardPaymentId)) {
      const attempt = await this.attempts.byId(cardPaymentId);
      if (attempt && attempt.connectedAccountId === reference.accountId) return attempt;
    }
    if (reference.chargeId) {
      const attempt = await this.attempts.byCharge(reference.accountId, reference.chargeId);
      if (attempt) return attempt;
    }
    if (reference.paymentIntentId) return this.attempts.byPaymentIntent(reference.accountId, reference.paymentIntentId);
    return null;
  }

  /** Posts the charge once and marks the attempt paid; the receipt email goes with the first posting only. */
  async record(attempt: CardPayment, charge: SucceededCharge): Promise<{ transactionId: string; created: boolean; attempt: CardPayment }> {
    return this.unitOfWork.run(async (manager) => {
      await this.lockCharge(charge.connectedAccountId, charge.chargeId);
      const { transactionId, created } = await this.journal.record(
        {
          idempotencyKey: `card-payment:${attempt.id}`,
          occurredAt: charge.chargedAt,
          tenantUserId: attempt.tenantUserId,
          landlordUserId: attempt.landlordUserId,
          propertyId: attempt.propertyId,
          chargedCents: charge.amountCents,
          description: attempt.description,
          provider: ledgerProviderOf(attempt.provider),
          providerReference: `${charge.connectedAccountId}/${charge.chargeId}`,
        },
        newEnvelope(charge.chargedAt),
      );
      const paid: PaidAttempt = {
        connectedAccountId: charge.connectedAccountId,
        paymentIntentId: charge.paymentIntentId ?? attempt.paymentIntentId,
        chargeId: charge.chargeId,
        balanceTransactionId: charge.balanceTransactionId ?? attempt.balanceTransactionId,
        processorFeeCents: charge.processorFeeCents ?? attempt.processorFeeCents,
        cardBrand: charge.card.brand ?? attempt.cardBrand,
        cardLast4: charge.card.last4 ?? attempt.cardLast4,
        chargedAt: charge.chargedAt,
        ledgerTransactionId: transactionId,
        updatedAt: this.clock.now(),
      };
      if (created) await this.receipts.request(manager, transactionId, attempt.tenantUserId);
      // Last, so the payment's event and receipt request are written with it.
      await this.outbox.writeWithPending(manager, this.attempts.paidChange(attempt.id, paid));
      if (created) this.logger.log({ cardPaymentId: attempt.id, transactionId, chargeId: charge.chargeId }, 'Card payment posted');
      return { transactionId, created, attempt: { ...attempt, ...paid, status: 'succeeded', failureCode: null, failureMessage: null } };
    });
  }
}
