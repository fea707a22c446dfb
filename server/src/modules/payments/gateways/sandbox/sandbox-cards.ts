import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../infrastructure/clock/clock';
import { preparedStatement, runPrepared } from '../../../../infrastructure/database/prepared-statement';
import { MESSAGES } from '@rentwise/libs/messages';
import { CardCharge, ChargeCard } from '../payment-gateway.port';
import { CardDeclined, ConnectedAccountNotFound, PaymentGatewayError } from '../../../../infrastructure/providers/provider-errors';
import { SandboxChargeRow, SandboxMoney } from './sandbox-money';
import { CardEntry, checkTestCard, sandboxProcessorFeeCents, TEST_CARD_REFUSALS, TestCardOutcome } from './sandbox-test-cards';
import { sandboxId } from './sandbox-ids';

export interface SandboxPaymentMethod {
  id: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
}

/** The card form refused the card (Stripe.js answers these before a payment method exists). */
export class SandboxCardRefused extends Error {}

/** What a charge request needs to know first, in one read. */
interface ChargeContext {
  charges_enabled: boolean | null;
  outcome: TestCardOutcome | null;
  brand: string | null;
  last4: string | null;
  charged_before: boolean;
}

const INSERT_PAYMENT_METHOD = preparedStatement<never, [id: string, brand: string, last4: string, expMonth: number, expYear: number, outcome: TestCardOutcome]>(
  'sandbox.insert-payment-method',
  `INSERT INTO infra.sandbox_payment_methods (id, brand, last4, exp_month, exp_year, outcome)
   VALUES ($1, $2, $3, $4, $5, $6)`,
);

const CHARGE_CONTEXT = preparedStatement<ChargeContext, [accountId: string, paymentMethodId: string, idempotencyKey: string]>(
  'sandbox.charge-context',
  `SELECT account.charges_enabled, method.outcome, method.brand, method.last4, existing.id IS NOT NULL AS charged_before
     FROM (VALUES (1)) AS asked
     LEFT JOIN infra.sandbox_connected_accounts account ON account.id = $1
     LEFT JOIN infra.sandbox_payment_methods method ON method.id = $2
     LEFT JOIN infra.sandbox_charges existing ON existing.account_id = $1 AND existing.idempotency_key = $3`,
);

const CHARGE_BY_KEY = preparedStatement<SandboxChargeRow, [accountId: string, idempotencyKey: string]>(
  'sandbox.charge-by-key',
  `SELECT charge.*, method.brand, method.last4
     FROM infra.sandbox_charges charge
     JOIN infra.sandbox_payment_methods method ON method.id = charge.payment_method_id
    WHERE charge.account_id = $1 AND charge.idempotency_key = $2`,
);

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
    const id = sandboxId('pm_sandbox_');
    await runPrepared(this.dataSource.manager, INSERT_PAYMENT_METHOD, [id, check.brand, check.last4, entry.expMonth, expYear, check.outcome]);
    return { id, card: { brand: check.brand, last4: check.last4, expMonth: entry.expMonth, expYear } };
  }

  async charge(input: ChargeCard): Promise<CardCharge> {
    const [context] = await runPrepared(this.dataSource.manager, CHARGE_CONTEXT, [
      input.connectedAccountId,
      input.paymentMethodId,
      input.idempotencyKey,
    ]);
    if (context.charged_before) return this.answer(await this.storedCharge(input));
    if (context.charges_enabled === null) {
      throw new ConnectedAccountNotFound(`No such sandbox account: ${input.connectedAccountId}`, { code: 'account_invalid' });
    }
    if (!context.charges_enabled) {
      throw new PaymentGatewayError(`Sandbox account ${input.connectedAccountId} cannot take charges yet`, {
        code: 'account_not_charges_enabled',
      });
    }
    if (!context.outcome) {
      // The tenant's card form sent an id we never issued: nothing to charge, and the tenant's to fix (not a 503).
      throw new CardDeclined(MESSAGES.cardNotAdded, { code: 'resource_missing' });
    }
    const refusal = context.outcome === 'succeeds' ? null : TEST_CARD_REFUSALS[context.outcome];
    const charge: SandboxChargeRow = {
      id: sandboxId('ch_sandbox_'),
      payment_intent_id: sandboxId('pi_sandbox_'),
      balance_transaction_id: refusal ? null : sandboxId('txn_sandbox_'),
      account_id: input.connectedAccountId,
      payment_method_id: input.paymentMethodId,
      amount_cents: String(input.amountCents),
      // The sandbox keeps Stripe's words: its application fee is our platform fee.
      application_fee_cents: String(input.platformFeeCents),
      processor_fee_cents: refusal ? null : String(sandboxProcessorFeeCents(input.amountCents)),
      status: refusal ? 'failed' : 'succeeded',
      failure_code: refusal?.code ?? null,
      failure_message: refusal?.message ?? null,
      metadata: input.metadata,
      created_at: this.clock.now(),
      brand: context.brand!,
      last4: context.last4!,
    };
    const made = await this.money.recordCharge(charge, input.idempotencyKey, input.description);
    // A concurrent request with the same key may have won the insert: both answer with its charge.
    return this.answer(made ? charge : await this.storedCharge(input));
  }

  private async storedCharge(input: ChargeCard): Promise<SandboxChargeRow> {
    const stored = await this.findCharge(input.connectedAccountId, input.idempotencyKey);
    if (!stored) throw new PaymentGatewayError('Sandbox charge vanished after it was written');
    return stored;
  }

  private async findCharge(accountId: string, idempotencyKey: string): Promise<SandboxChargeRow | undefined> {
    const [row] = await runPrepared(this.dataSource.manager, CHARGE_BY_KEY, [accountId, idempotencyKey]);
    return row;
  }

  private answer(row: SandboxChargeRow): CardCharge {
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
      platformFeeCents: Number(row.application_fee_cents), // Stripe's application fee is our platform fee
      processorFeeCents: row.processor_fee_cents === null ? null : Number(row.processor_fee_cents),
      chargedAt: row.created_at,
      card: { brand: row.brand, last4: row.last4 },
    };
  }
}
