import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../../infrastructure/clock/clock';
import { lockUntilCommit } from '../../../../infrastructure/database/transaction-lock';
import { BalanceTransactionFilter, ProviderBalanceTransaction, ProviderCharge, ProviderDispute, ProviderPaymentIntent, ProviderPayout, ProviderRefund } from '../payment-gateway.port';
import { PaymentGatewayError, ProviderObjectNotFound } from '../../../../infrastructure/providers/provider-errors';
import { DeliveryOptions, SandboxEvent, SandboxEvents } from './sandbox-events';
import { sandboxId } from './sandbox-ids';

/** Stripe's dispute fee in the US. */
export const SANDBOX_DISPUTE_FEE_CENTS = 1500;
const PAYOUT_ARRIVAL_MS = 2 * 24 * 3600 * 1000;
/** How long the sandbox gives a landlord to answer a dispute with evidence (Stripe gives one to three weeks). */
export const SANDBOX_EVIDENCE_DAYS = 14;

const unix = (date: Date): number => Math.floor(date.getTime() / 1000);

/** A sandbox charge as `charge.*` with its payment method's brand and last four reads it. */
export interface SandboxChargeRow {
  id: string;
  payment_intent_id: string;
  balance_transaction_id: string | null;
  account_id: string;
  payment_method_id: string;
  amount_cents: string;
  application_fee_cents: string;
  processor_fee_cents: string | null;
  status: 'succeeded' | 'failed' | 'pending';
  failure_code: string | null;
  failure_message: string | null;
  metadata: Record<string, string>;
  created_at: Date;
  brand: string;
  last4: string;
  /** Set for a bank account (the payment method's type is us_bank_account). */
  bank_name?: string | null;
  /** A bank debit's mandate. */
  mandate_id?: string | null;
}

interface RefundRow {
  id: string;
  account_id: string;
  charge_id: string;
  amount_cents: string;
  status: ProviderRefund['status'];
  created_at: Date;
}

interface DisputeRow {
  id: string;
  account_id: string;
  charge_id: string;
  amount_cents: string;
  status: 'needs_response' | 'won' | 'lost';
  created_at: Date;
  closed_at: Date | null;
}

interface PayoutRow {
  id: string;
  account_id: string;
  amount_cents: string;
  status: ProviderPayout['status'];
  created_at: Date;
  arrival_at: Date;
  failure_message: string | null;
}

interface BalanceRow {
  id: string;
  account_id: string;
  kind: ProviderBalanceTransaction['kind'];
  amount_cents: string;
  fee_cents: string;
  net_cents: string;
  source_id: string;
  charge_id: string | null;
  payout_id: string | null;
  created_at: Date;
}

const toRefund = (row: RefundRow): ProviderRefund => ({
  refundId: row.id,
  chargeId: row.charge_id,
  amountCents: Number(row.amount_cents),
  status: row.status,
  createdAt: row.created_at,
});

const toBalance = (row: BalanceRow): ProviderBalanceTransaction => ({
  balanceTransactionId: row.id,
  kind: row.kind,
  amountCents: Number(row.amount_cents),
  feeCents: Number(row.fee_cents),
  netCents: Number(row.net_cents),
  createdAt: row.created_at,
  sourceId: row.source_id,
  chargeId: row.charge_id,
});

/**
 * The sandbox provider's money after the charge: what Stripe answers about charges, refunds,
 * disputes, payouts and balance transactions, and the development tools' ways to make them happen
 * (refund, open and close a dispute, pay out a balance), each announced with Stripe's events.
 */
@Injectable()
export class SandboxMoney {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: SandboxEvents,
    private readonly clock: Clock,
  ) {}

  async retrievePaymentIntent(accountId: string, paymentIntentId: string): Promise<ProviderPaymentIntent> {
    const [row] = await this.dataSource.query<SandboxChargeRow[]>(
      `SELECT * FROM infra.sandbox_charges WHERE account_id = $1 AND payment_intent_id = $2`,
      [accountId, paymentIntentId],
    );
    if (!row) throw new ProviderObjectNotFound(`No such payment_intent: '${paymentIntentId}'`, { code: 'resource_missing' });
    return {
      accountId,
      paymentIntentId,
      status: row.status === 'pending' ? 'processing' : row.status,
      latestChargeId: row.id,
      metadata: row.metadata,
      failure: row.status === 'failed' ? { code: row.failure_code ?? 'card_declined', message: row.failure_message ?? 'Your card was declined.' } : null,
    };
  }

  async retrieveCharge(accountId: string, chargeId: string, manager: EntityManager = this.dataSource.manager): Promise<ProviderCharge> {
    const row = await this.charge(manager, accountId, chargeId);
    const refunds = await manager.query<RefundRow[]>(
      `SELECT * FROM infra.sandbox_refunds WHERE charge_id = $1 ORDER BY created_at, id`,
      [chargeId],
    );
    return {
      accountId,
      chargeId: row.id,
      paymentIntentId: row.payment_intent_id,
      status: row.status,
      failureCode: row.failure_code,
      amountCents: Number(row.amount_cents),
      platformFeeCents: Number(row.application_fee_cents), // Stripe's application fee is our platform fee
      balanceTransactionId: row.balance_transaction_id,
      processorFeeCents: row.processor_fee_cents === null ? null : Number(row.processor_fee_cents),
      chargedAt: row.created_at,
      metadata: row.metadata,
      card: row.bank_name ? { brand: null, last4: null } : { brand: row.brand, last4: row.last4 },
      bank: row.bank_name ? { bankName: row.bank_name, last4: row.last4 } : null,
      mandateId: row.mandate_id ?? null,
      refunds: refunds.map(toRefund),
    };
  }

  async retrieveDispute(accountId: string, disputeId: string): Promise<ProviderDispute> {
    const [row] = await this.dataSource.query<DisputeRow[]>(
      `SELECT * FROM infra.sandbox_disputes WHERE account_id = $1 AND id = $2`,
      [accountId, disputeId],
    );
    if (!row) throw new ProviderObjectNotFound(`No such dispute: '${disputeId}'`, { code: 'resource_missing' });
    const movements = await this.dataSource.query<BalanceRow[]>(
      `SELECT * FROM infra.sandbox_balance_transactions WHERE source_id = $1 ORDER BY created_at, id`,
      [disputeId],
    );
    return {
      accountId,
      disputeId,
      chargeId: row.charge_id,
      amountCents: Number(row.amount_cents),
      status: row.status === 'needs_response' ? 'open' : row.status,
      movements: movements.map((movement) => ({
        balanceTransactionId: movement.id,
        amountCents: Number(movement.amount_cents),
        feeCents: Number(movement.fee_cents),
        createdAt: movement.created_at,
      })),
      closedAt: row.closed_at,
      evidenceDueBy: new Date(row.created_at.getTime() + SANDBOX_EVIDENCE_DAYS * 24 * 3600 * 1000),
    };
  }

  async retrievePayout(accountId: string, payoutId: string): Promise<ProviderPayout> {
    const [row] = await this.dataSource.query<PayoutRow[]>(
      `SELECT * FROM infra.sandbox_payouts WHERE account_id = $1 AND id = $2`,
      [accountId, payoutId],
    );
    if (!row) throw new ProviderObjectNotFound(`No such payout: '${payoutId}'`, { code: 'resource_missing' });
    return {
      accountId,
      payoutId,
      amountCents: Number(row.amount_cents),
      status: row.status,
      initiatedAt: row.created_at,
      expectedArrivalAt: row.arrival_at,
      failureMessage: row.failure_message,
    };
  }

  async listBalanceTransactions(accountId: string, filter: BalanceTransactionFilter): Promise<ProviderBalanceTransaction[]> {
    const rows =
      'payoutId' in filter
        ? await this.dataSource.query<BalanceRow[]>(
            `SELECT * FROM infra.sandbox_balance_transactions WHERE account_id = $1 AND (payout_id = $2 OR (kind = 'payout' AND source_id = $2))
              ORDER BY created_at, id`,
            [accountId, filter.payoutId],
          )
        : await this.dataSource.query<BalanceRow[]>(
            `SELECT * FROM infra.sandbox_balance_transactions WHERE account_id = $1 AND created_at >= $2 AND created_at < $3
              ORDER BY created_at, id`,
            [accountId, filter.createdFrom, filter.createdTo],
          );
    return rows.map(toBalance);
  }

  /**
   * A charge just decided, with its balance line and its events, in one statement; nothing when the
   * account already has a charge under the key (a concurrent request with the same key won). True
   * when this call wrote it.
   */
  async recordCharge(row: SandboxChargeRow, idempotencyKey: string, description: string): Promise<boolean> {
    const accountId = row.account_id;
    const succeeded = row.status === 'succeeded';
    const intent = { id: row.payment_intent_id, object: 'payment_intent', latest_charge: row.id, status: succeeded ? 'succeeded' : 'requires_payment_method' };
    const charge = { id: row.id, object: 'charge', payment_intent: row.payment_intent_id, status: row.status, amount: Number(row.amount_cents) };
    const events = succeeded
      ? [
          { type: 'charge.succeeded', account: accountId, object: charge },
          { type: 'payment_intent.succeeded', account: accountId, object: intent },
        ]
      : [
          { type: 'charge.failed', account: accountId, object: charge },
          { type: 'payment_intent.payment_failed', account: accountId, object: intent },
        ];
    // The balance line only for money that moved: a refused charge has no balance transaction.
    const written = await this.events.writeWith<{ id: string }>(
      this.dataSource.manager,
      {
        steps: `charge AS (
            INSERT INTO infra.sandbox_charges
              (id, payment_intent_id, balance_transaction_id, account_id, idempotency_key, payment_method_id, amount_cents,
               application_fee_cents, processor_fee_cents, status, failure_code, failure_message, description, metadata, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15)
            ON CONFLICT (account_id, idempotency_key) DO NOTHING
            RETURNING id),
          line AS (
            INSERT INTO infra.sandbox_balance_transactions (id, account_id, kind, amount_cents, fee_cents, net_cents, source_id, charge_id, created_at)
            SELECT $3, $4, 'charge', $7, $16::bigint, $7::bigint - $16::bigint, charge.id, charge.id, $15 FROM charge WHERE $3::text IS NOT NULL)`,
        result: 'charge',
        params: [
          row.id,
          row.payment_intent_id,
          row.balance_transaction_id,
          accountId,
          idempotencyKey,
          row.payment_method_id,
          row.amount_cents,
          row.application_fee_cents,
          row.processor_fee_cents,
          row.status,
          row.failure_code,
          row.failure_message,
          description,
          JSON.stringify(row.metadata),
          row.created_at,
          Number(row.processor_fee_cents ?? 0) + Number(row.application_fee_cents),
        ],
      },
      events,
    );
    return written.length > 0;
  }

  /**
   * Refunds part or all of what is left of a charge, out of the landlord's balance (our platform fee is
   * kept). With an idempotency key, as Stripe: the same key on the account answers the first refund.
   */
  async refund(
    accountId: string,
    chargeId: string,
    amountCents?: number,
    options: DeliveryOptions & { idempotencyKey?: string } = {},
  ): Promise<ProviderRefund> {
    return this.dataSource.transaction(async (manager) => {
      const charge = await this.charge(manager, accountId, chargeId, true);
      if (options.idempotencyKey) {
        // Under the charge's row lock: a concurrent request with the key waits and finds this one's refund.
        const [made] = await manager.query<RefundRow[]>(
          `SELECT * FROM infra.sandbox_refunds WHERE account_id = $1 AND idempotency_key = $2`,
          [accountId, options.idempotencyKey],
        );
        if (made) return toRefund(made);
      }
      if (charge.status !== 'succeeded') throw new PaymentGatewayError(`Charge ${chargeId} did not succeed`, { code: 'charge_not_refundable' });
      const [{ refunded }] = await manager.query<{ refunded: string }[]>(
        `SELECT coalesce(sum(amount_cents), 0) AS refunded FROM infra.sandbox_refunds WHERE charge_id = $1 AND status IN ('pending', 'succeeded')`,
        [chargeId],
      );
      const left = Number(charge.amount_cents) - Number(refunded);
      const amount = amountCents ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw new PaymentGatewayError(`Refund of ${amount} cents is more than the ${left} cents left on ${chargeId}`, { code: 'amount_too_large' });
      }
      const now = this.clock.now();
      const refund: RefundRow = { id: sandboxId('re_sandbox_'), account_id: accountId, charge_id: chargeId, amount_cents: String(amount), status: 'succeeded', created_at: now };
      await manager.query(
        `INSERT INTO infra.sandbox_refunds (id, account_id, charge_id, amount_cents, status, created_at, idempotency_key) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [refund.id, accountId, chargeId, amount, refund.status, now, options.idempotencyKey ?? null],
      );
      await this.line(manager, { id: sandboxId('txn_sandbox_'), accountId, kind: 'refund', amountCents: -amount, feeCents: 0, sourceId: refund.id, chargeId, at: now });
      const refundObject = { id: refund.id, object: 'refund', charge: chargeId, amount, status: refund.status };
      await this.events.emit(
        manager,
        [
          { type: 'refund.created', account: accountId, object: refundObject },
          { type: 'charge.refunded', account: accountId, object: { id: chargeId, object: 'charge', amount_refunded: Number(refunded) + amount } },
        ],
        options,
      );
      return toRefund(refund);
    });
  }

  /** The card holder disputes the charge: its amount and Stripe's dispute fee leave the landlord's balance. */
  async openDispute(accountId: string, chargeId: string, options: DeliveryOptions = {}): Promise<ProviderDispute> {
    const disputeId = await this.dataSource.transaction(async (manager) => {
      const charge = await this.charge(manager, accountId, chargeId, true);
      const now = this.clock.now();
      const id = sandboxId('dp_sandbox_');
      const amount = Number(charge.amount_cents);
      await manager.query(
        `INSERT INTO infra.sandbox_disputes (id, account_id, charge_id, amount_cents, status, created_at) VALUES ($1, $2, $3, $4, 'needs_response', $5)`,
        [id, accountId, chargeId, amount, now],
      );
      await this.line(manager, { id: sandboxId('txn_sandbox_'), accountId, kind: 'dispute', amountCents: -amount, feeCents: SANDBOX_DISPUTE_FEE_CENTS, sourceId: id, chargeId, at: now });
      const object = { id, object: 'dispute', charge: chargeId, amount, status: 'needs_response' };
      await this.events.emit(
        manager,
        [
          { type: 'charge.dispute.created', account: accountId, object },
          { type: 'charge.dispute.funds_withdrawn', account: accountId, object },
        ],
        options,
      );
      return id;
    });
    return this.retrieveDispute(accountId, disputeId);
  }

  /** The bank decides: won gives the amount back (Stripe keeps its fee), lost keeps it with the card holder. */
  async closeDispute(accountId: string, disputeId: string, outcome: 'won' | 'lost', options: DeliveryOptions = {}): Promise<ProviderDispute> {
    await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<DisputeRow[]>(
        `SELECT * FROM infra.sandbox_disputes WHERE account_id = $1 AND id = $2 FOR UPDATE`,
        [accountId, disputeId],
      );
      if (!row) throw new ProviderObjectNotFound(`No such dispute: '${disputeId}'`, { code: 'resource_missing' });
      if (row.status !== 'needs_response') throw new PaymentGatewayError(`Dispute ${disputeId} is already ${row.status}`, { code: 'dispute_closed' });
      const now = this.clock.now();
      await manager.query(`UPDATE infra.sandbox_disputes SET status = $2, closed_at = $3 WHERE id = $1`, [disputeId, outcome, now]);
      const events: SandboxEvent[] = [];
      const object = { id: disputeId, object: 'dispute', charge: row.charge_id, amount: Number(row.amount_cents), status: outcome };
      if (outcome === 'won') {
        await this.line(manager, {
          id: sandboxId('txn_sandbox_'),
          accountId,
          kind: 'dispute_reversal',
          amountCents: Number(row.amount_cents),
          feeCents: 0,
          sourceId: disputeId,
          chargeId: row.charge_id,
          at: now,
        });
        events.push({ type: 'charge.dispute.funds_reinstated', account: accountId, object });
      }
      events.push({ type: 'charge.dispute.closed', account: accountId, object });
      await this.events.emit(manager, events, options);
    });
    return this.retrieveDispute(accountId, disputeId);
  }

  /** Pays out everything on the landlord's balance not yet paid out, at once (the sandbox's bank is instant). */
  async payOut(accountId: string, options: DeliveryOptions = {}): Promise<ProviderPayout | null> {
    const payoutId = await this.dataSource.transaction(async (manager) => {
      await lockUntilCommit(manager, `sandbox-payout:${accountId}`);
      const lines = await manager.query<BalanceRow[]>(
        `SELECT * FROM infra.sandbox_balance_transactions WHERE account_id = $1 AND payout_id IS NULL AND kind <> 'payout'`,
        [accountId],
      );
      const total = lines.reduce((sum, line) => sum + Number(line.net_cents), 0);
      if (lines.length === 0 || total <= 0) return null;
      const now = this.clock.now();
      const id = sandboxId('po_sandbox_');
      await manager.query(
        `INSERT INTO infra.sandbox_payouts (id, account_id, amount_cents, status, created_at, arrival_at) VALUES ($1, $2, $3, 'paid', $4, $5)`,
        [id, accountId, total, now, new Date(now.getTime() + PAYOUT_ARRIVAL_MS)],
      );
      await manager.query(`UPDATE infra.sandbox_balance_transactions SET payout_id = $2 WHERE id = ANY($1)`, [lines.map((line) => line.id), id]);
      await this.line(manager, { id: sandboxId('txn_sandbox_'), accountId, kind: 'payout', amountCents: -total, feeCents: 0, sourceId: id, chargeId: null, at: now });
      const object = { id, object: 'payout', amount: total, status: 'paid', created: unix(now), arrival_date: unix(now) + PAYOUT_ARRIVAL_MS / 1000 };
      await this.events.emit(
        manager,
        [
          { type: 'payout.created', account: accountId, object: { ...object, status: 'pending' } },
          { type: 'payout.paid', account: accountId, object },
        ],
        options,
      );
      return id;
    });
    return payoutId ? this.retrievePayout(accountId, payoutId) : null;
  }

  /** Development: Stripe's balance loses a line (reconciliation must notice). */
  async forgetBalanceTransaction(balanceTransactionId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM infra.sandbox_balance_transactions WHERE id = $1`, [balanceTransactionId]);
  }

  private async charge(manager: EntityManager, accountId: string, chargeId: string, lock = false): Promise<SandboxChargeRow> {
    const [row] = await manager.query<SandboxChargeRow[]>(
      `SELECT charge.*, method.brand, method.last4, method.bank_name
         FROM infra.sandbox_charges charge
         JOIN infra.sandbox_payment_methods method ON method.id = charge.payment_method_id
        WHERE charge.account_id = $1 AND charge.id = $2
        ${lock ? 'FOR UPDATE OF charge' : ''}`,
      [accountId, chargeId],
    );
    if (!row) throw new ProviderObjectNotFound(`No such charge: '${chargeId}'`, { code: 'resource_missing' });
    return row;
  }

  private async line(
    manager: EntityManager,
    line: { id: string; accountId: string; kind: ProviderBalanceTransaction['kind']; amountCents: number; feeCents: number; sourceId: string; chargeId: string | null; at: Date },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO infra.sandbox_balance_transactions (id, account_id, kind, amount_cents, fee_cents, net_cents, source_id, charge_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [line.id, line.accountId, line.kind, line.amountCents, line.feeCents, line.amountCents - line.feeCents, line.sourceId, line.chargeId, line.at],
    );
  }
}
