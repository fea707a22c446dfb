import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../clock/clock';
import { MESSAGES } from '@rentwise/libs/messages';
import { CardCharge, CardDeclined, ChargeCard, ConnectedAccountNotFound, PaymentGatewayError } from '../payment-gateway.port';
import { SandboxMoney } from './sandbox-money';
import { CardEntry, checkTestCard, sandboxProcessorFeeCents, TEST_CARD_REFUSALS, TestCardOutcome } from './sandbox-test-cards';

export interface SandboxPaymentMethod {
  id: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
}

/** The card form refused the card (Stripe.js answers these before a payment method exists). */
export class SandboxCardRefused extends Error {}

interface ChargeRow {
  id: string;
  payment_intent_id: string;
  balance_transaction_id: string | null;
  account_id: string;
  payment_method_id: string;
  amount_cents: string;
  application_fee_cents: string;
  processor_fee_cents: string | null;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  created_at: Date;
  brand: string;
  last4: string;
}

const randomId = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

/**
 * The sandbox provider's cards and charges, in PostgreSQL. Payment methods keep brand, last four,
 * expiry and the test card's behaviour: never the number or the security code. Charges are
 * idempotent per connected account and key, refusals included, as Stripe's are.
 */
@Injectable()
export class SandboxCards {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly money: SandboxMoney,
  ) {}

  async createPaymentMethod(entry: CardEntry): Promise<SandboxPaymentMethod> {
    const check = checkTestCard(entry, this.clock.now());
    if (!check.ok) throw new SandboxCardRefused(check.message);
    const expYear = entry.expYear < 100 ? 2000 + entry.expYear : entry.expYear;
    const id = randomId('pm_sandbox_');
    await this.dataSource.query(
      `INSERT INTO infra.sandbox_payment_methods (id, brand, last4, exp_month, exp_year, outcome)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, check.brand, check.last4, entry.expMonth, expYear, check.outcome],
    );
    return { id, card: { brand: check.brand, last4: check.last4, expMonth: entry.expMonth, expYear } };
  }

  async charge(input: ChargeCard): Promise<CardCharge> {
    const existing = await this.findCharge(input.connectedAccountId, input.idempotencyKey);
    if (existing) return this.answer(existing);

    const [account] = await this.dataSource.query<{ charges_enabled: boolean }[]>(
      `SELECT charges_enabled FROM infra.sandbox_connected_accounts WHERE id = $1`,
      [input.connectedAccountId],
    );
    if (!account) {
      throw new ConnectedAccountNotFound(`No such sandbox account: ${input.connectedAccountId}`, { code: 'account_invalid' });
    }
    if (!account.charges_enabled) {
      throw new PaymentGatewayError(`Sandbox account ${input.connectedAccountId} cannot take charges yet`, {
        code: 'account_not_charges_enabled',
      });
    }
    const [method] = await this.dataSource.query<{ outcome: TestCardOutcome }[]>(
      `SELECT outcome FROM infra.sandbox_payment_methods WHERE id = $1`,
      [input.paymentMethodId],
    );
    if (!method) {
      // The tenant's card form sent an id we never issued: nothing to charge, and the tenant's to fix (not a 503).
      throw new CardDeclined(MESSAGES.cardNotAdded, { code: 'resource_missing' });
    }
    const refusal = method.outcome === 'succeeds' ? null : TEST_CARD_REFUSALS[method.outcome];
    const chargeId = randomId('ch_sandbox_');
    await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<{ id: string }[]>(
      `INSERT INTO infra.sandbox_charges
         (id, payment_intent_id, balance_transaction_id, account_id, idempotency_key, payment_method_id, amount_cents,
          application_fee_cents, processor_fee_cents, status, failure_code, failure_message, description, metadata, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15)
       ON CONFLICT (account_id, idempotency_key) DO NOTHING
       RETURNING id`,
      [
        chargeId,
        randomId('pi_sandbox_'),
        refusal ? null : randomId('txn_sandbox_'),
        input.connectedAccountId,
        input.idempotencyKey,
        input.paymentMethodId,
        input.amountCents,
        input.applicationFeeCents,
        refusal ? null : sandboxProcessorFeeCents(input.amountCents),
        refusal ? 'failed' : 'succeeded',
        refusal?.code ?? null,
        refusal?.message ?? null,
        input.description,
        JSON.stringify(input.metadata),
        this.clock.now(),
      ],
      );
      // Its balance line and Stripe's events, with the charge (a replayed key made nothing new).
      if (inserted[0]) await this.money.charged(manager, input.connectedAccountId, chargeId);
    });
    // A concurrent request with the same key may have won the insert: both answer with its charge.
    const stored = await this.findCharge(input.connectedAccountId, input.idempotencyKey);
    if (!stored) throw new PaymentGatewayError('Sandbox charge vanished after it was written');
    return this.answer(stored);
  }

  private async findCharge(accountId: string, idempotencyKey: string): Promise<ChargeRow | undefined> {
    const [row] = await this.dataSource.query<ChargeRow[]>(
      `SELECT charge.*, method.brand, method.last4
         FROM infra.sandbox_charges charge
         JOIN infra.sandbox_payment_methods method ON method.id = charge.payment_method_id
        WHERE charge.account_id = $1 AND charge.idempotency_key = $2`,
      [accountId, idempotencyKey],
    );
    return row;
  }

  private answer(row: ChargeRow): CardCharge {
    if (row.status === 'failed') {
      throw new CardDeclined(row.failure_message ?? TEST_CARD_REFUSALS.card_declined.message, {
        code: row.failure_code ?? 'card_declined',
      });
    }
    return {
      connectedAccountId: row.account_id,
      paymentIntentId: row.payment_intent_id,
      chargeId: row.id,
      balanceTransactionId: row.balance_transaction_id,
      amountCents: Number(row.amount_cents),
      applicationFeeCents: Number(row.application_fee_cents),
      processorFeeCents: row.processor_fee_cents === null ? null : Number(row.processor_fee_cents),
      chargedAt: row.created_at,
      card: { brand: row.brand, last4: row.last4 },
    };
  }
}
