import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../infrastructure/clock/clock';
import { preparedStatement, runPrepared } from '../../../../infrastructure/database/prepared-statement';
import { MESSAGES } from '@rentwise/libs/messages';
import { CardCharge, ChargeCard, CreateCardSetup, ProviderSavedCard } from '../payment-gateway.port';
import { CardDeclined, ConnectedAccountNotFound, PaymentGatewayError, ProviderObjectNotFound } from '../../../../infrastructure/providers/provider-errors';
import { SandboxChargeRow, SandboxMoney } from './sandbox-money';
import {
  CardEntry,
  checkTestCard,
  sandboxProcessorFeeCents,
  TEST_CARD_REFUSALS,
  testCardChargeRefusal,
  testCardSetupRefusal,
  TestCardOutcome,
} from './sandbox-test-cards';
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
  /** The customer and account a saved card is attached to (null for a card from the form, used once). */
  customer_id: string | null;
  attached_account_id: string | null;
  charged_before: boolean;
}

interface CardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  outcome: TestCardOutcome;
  customer_id: string | null;
}

const INSERT_PAYMENT_METHOD = preparedStatement<never, [id: string, brand: string, last4: string, expMonth: number, expYear: number, outcome: TestCardOutcome]>(
  'sandbox.insert-payment-method',
  `INSERT INTO infra.sandbox_payment_methods (id, brand, last4, exp_month, exp_year, outcome)
   VALUES ($1, $2, $3, $4, $5, $6)`,
);

const CHARGE_CONTEXT = preparedStatement<ChargeContext, [accountId: string, paymentMethodId: string, idempotencyKey: string]>(
  'sandbox.charge-context',
  `SELECT account.charges_enabled, method.outcome, method.brand, method.last4, method.customer_id, method.account_id AS attached_account_id,
          existing.id IS NOT NULL AS charged_before
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
 * The sandbox provider's cards, customers and charges, in PostgreSQL. Payment methods keep brand,
 * last four, expiry, the test card's behaviour and the customer a saved one is attached to: never the
 * number or the security code. Charges are idempotent per connected account and key, refusals
 * included, as Stripe's are.
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

  /** The tenant's customer on the account: the one named, or one made once per account and key, as Stripe's customers.create. */
  async customer(input: CreateCardSetup): Promise<string> {
    if (input.customerId) return input.customerId;
    const [account] = await this.dataSource.query<{ id: string }[]>(`SELECT id FROM infra.sandbox_connected_accounts WHERE id = $1`, [input.connectedAccountId]);
    if (!account) throw new ConnectedAccountNotFound(`No such sandbox account: ${input.connectedAccountId}`, { code: 'account_invalid' });
    await this.dataSource.query(
      `INSERT INTO infra.sandbox_customers (id, account_id, idempotency_key) VALUES ($1, $2, $3) ON CONFLICT (account_id, idempotency_key) DO NOTHING`,
      [sandboxId('cus_sandbox_'), input.connectedAccountId, input.idempotencyKey],
    );
    const [customer] = await this.dataSource.query<{ id: string }[]>(
      `SELECT id FROM infra.sandbox_customers WHERE account_id = $1 AND idempotency_key = $2`,
      [input.connectedAccountId, input.idempotencyKey],
    );
    return customer.id;
  }

  /**
   * Attaches a card from the form to the customer for later payments without the card holder, as
   * Stripe.js's confirmCardSetup does: a card declined whenever used is declined now; a card already
   * attached stays with its customer (and is answered with it), as Stripe refuses to move it.
   */
  async attach(accountId: string, customerId: string, paymentMethodId: string): Promise<ProviderSavedCard> {
    const [customer] = await this.dataSource.query<{ id: string }[]>(`SELECT id FROM infra.sandbox_customers WHERE id = $1 AND account_id = $2`, [
      customerId,
      accountId,
    ]);
    if (!customer) throw new ProviderObjectNotFound(`No such customer: '${customerId}' (account ${accountId})`, { code: 'resource_missing' });
    const found = await this.card(paymentMethodId);
    if (!found) throw new ProviderObjectNotFound(`No such PaymentMethod: '${paymentMethodId}'`, { code: 'resource_missing' });
    const refusal = testCardSetupRefusal(found.outcome);
    if (refusal) throw new CardDeclined(refusal.message, { code: refusal.code });
    await this.dataSource.query(
      `UPDATE infra.sandbox_payment_methods SET customer_id = $2, account_id = $3 WHERE id = $1 AND customer_id IS NULL`,
      [paymentMethodId, customerId, accountId],
    );
    // A new read: a concurrent attach may have won.
    const card = (await this.card(paymentMethodId)) as CardRow;
    return {
      offSessionReady: true,
      customerId: card.customer_id,
      paymentMethodId: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
    };
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
    // An id we never issued, or a saved card named without its customer (or with another's), as Stripe
    // refuses them: nothing to charge, and the tenant's to fix (not a 503).
    const attachedAsAsked = input.offSession
      ? context.customer_id === input.offSession.customerId && context.attached_account_id === input.connectedAccountId
      : context.customer_id === null;
    if (!context.outcome || !attachedAsAsked) throw new CardDeclined(MESSAGES.cardNotAdded, { code: 'resource_missing' });
    const refusal = testCardChargeRefusal(context.outcome, { offSession: input.offSession !== undefined });
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

  private async card(paymentMethodId: string): Promise<CardRow | undefined> {
    const [row] = await this.dataSource.query<CardRow[]>(
      `SELECT id, brand, last4, exp_month, exp_year, outcome, customer_id FROM infra.sandbox_payment_methods WHERE id = $1 AND type = 'card'`,
      [paymentMethodId],
    );
    return row;
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
