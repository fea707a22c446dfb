import { Injectable } from '@nestjs/common';
import { bankDebitFailureReason, type BankDebitFailureCode } from '@rentwise/libs/bank-debits';
import {
  SANDBOX_BANK_LINK_MESSAGES,
  SANDBOX_BANK_NAME,
  SANDBOX_MICRODEPOSIT_CODES,
  SANDBOX_ROUTING_NUMBER,
  sandboxTestBankAccount,
  type SandboxDebitOutcome,
} from '@rentwise/libs/sandbox-bank-accounts';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../../infrastructure/clock/clock';
import { preparedStatement, runPrepared } from '../../../../infrastructure/database/prepared-statement';
import { CardDeclined, ConnectedAccountNotFound, PaymentGatewayError, ProviderObjectNotFound } from '../../../../infrastructure/providers/provider-errors';
import type { BankDebit, DebitBankAccount, ProviderBankAccount } from '../payment-gateway.port';
import { SandboxEvents } from './sandbox-events';
import { sandboxId } from './sandbox-ids';
import { SandboxMoney } from './sandbox-money';

/** The bank link page refused what was entered (Stripe answers these before a payment method exists). */
export class SandboxBankLinkRefused extends Error {}

export interface BankAccountEntry {
  /** The landlord's connected account the payment method is made on (Stripe.js's stripeAccount). */
  account: string;
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
  /** Instant: the tenant signed in to the test institution; microdeposits: numbers typed, a code to confirm. */
  verification: 'instant' | 'microdeposits';
}

export interface SandboxBankAccount {
  id: string;
  bankName: string;
  last4: string;
  verification: 'verified' | 'pending';
}

/** Stripe's ACH pricing: 0.8%, at most $5. */
export function sandboxBankDebitFeeCents(amountCents: number): number {
  return Math.min(Math.round(amountCents * 0.008), 500);
}

/** Business days a sandbox debit takes to settle, as Stripe's test mode does in real time... in days of the sandbox's clock. */
const SETTLEMENT_BUSINESS_DAYS = 4;

/** `days` business days after `from` (Saturdays and Sundays skipped, holidays not). */
export function businessDaysAfter(from: Date, days: number): Date {
  const at = new Date(from);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

interface MethodRow {
  id: string;
  type: 'card' | 'us_bank_account';
  bank_name: string | null;
  last4: string;
  verification: 'verified' | 'pending' | 'failed' | null;
  verification_failure: string | null;
  outcome: string;
}

interface DebitContextRow {
  /** Null when there is no such connected account. */
  charges_enabled: boolean | null;
  type: MethodRow['type'] | null;
  bank_name: string | null;
  last4: string;
  verification: MethodRow['verification'];
  debited_before: boolean;
}

// The account, the payment method and an earlier debit under the key in one read, as the sandbox's card charge asks.
const DEBIT_CONTEXT = preparedStatement<DebitContextRow, [accountId: string, paymentMethodId: string, idempotencyKey: string]>(
  'sandbox.debit-context',
  `SELECT account.charges_enabled, method.type, method.bank_name, method.last4, method.verification, existing.id IS NOT NULL AS debited_before
     FROM (VALUES (1)) AS asked
     LEFT JOIN infra.sandbox_connected_accounts account ON account.id = $1
     LEFT JOIN infra.sandbox_payment_methods method ON method.id = $2
     LEFT JOIN infra.sandbox_charges existing ON existing.account_id = $1 AND existing.idempotency_key = $3`,
);

interface PendingDebitRow {
  id: string;
  account_id: string;
  payment_intent_id: string;
  amount_cents: string;
  application_fee_cents: string;
  outcome: string;
  metadata: Record<string, string>;
  created_at: Date;
}

/** The test account's behaviour as the payment method row stores it: its kind, and a failure's code (`fails:insufficient_funds`). */
function storedOutcome(outcome: SandboxDebitOutcome): string {
  return outcome.kind === 'fails' ? `fails:${outcome.failureCode}` : outcome.kind;
}

function outcomeOf(stored: string): SandboxDebitOutcome {
  if (stored.startsWith('fails:')) return { kind: 'fails', failureCode: stored.slice('fails:'.length) as BankDebitFailureCode };
  return { kind: stored as Exclude<SandboxDebitOutcome['kind'], 'fails'> };
}

/**
 * The sandbox provider's bank accounts and debits, as Stripe's test mode behaves for its test routing
 * and account numbers: a debit is `processing` until the sandbox's clock reaches its settlement day
 * (or a developer settles or returns it on /dev/sandbox); then it succeeds, fails with the test
 * account's code, or succeeds and is disputed (a return after success, lost at once as ACH disputes
 * are). Each change is announced with Stripe's events.
 */
@Injectable()
export class SandboxBankDebits {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly events: SandboxEvents,
    private readonly money: SandboxMoney,
  ) {}

  async link(entry: BankAccountEntry): Promise<SandboxBankAccount> {
    if (!entry.accountHolderName.trim()) throw new SandboxBankLinkRefused(SANDBOX_BANK_LINK_MESSAGES.holderName);
    if (entry.routingNumber.trim() !== SANDBOX_ROUTING_NUMBER) throw new SandboxBankLinkRefused(SANDBOX_BANK_LINK_MESSAGES.routingNumber);
    const test = sandboxTestBankAccount(entry.accountNumber.trim());
    if (!test) throw new SandboxBankLinkRefused(SANDBOX_BANK_LINK_MESSAGES.accountNumber);
    const [account] = await this.dataSource.query<{ id: string }[]>(`SELECT id FROM infra.sandbox_connected_accounts WHERE id = $1`, [entry.account]);
    if (!account) throw new SandboxBankLinkRefused(`No such account: '${entry.account}'`);
    const id = sandboxId('pm_sandbox_');
    const last4 = test.accountNumber.slice(-4);
    const verification = entry.verification === 'instant' ? 'verified' : 'pending';
    await this.dataSource.query(
      `INSERT INTO infra.sandbox_payment_methods (id, type, brand, bank_name, routing_number, last4, outcome, verification)
       VALUES ($1, 'us_bank_account', 'us_bank_account', $2, $3, $4, $5, $6)`,
      [id, SANDBOX_BANK_NAME, SANDBOX_ROUTING_NUMBER, last4, storedOutcome(test.outcome), verification],
    );
    return { id, bankName: SANDBOX_BANK_NAME, last4, verification };
  }

  /** Stripe's test descriptor codes: SM11AA verifies, SM33CC is one attempt too many, SM44DD has expired; anything else is wrong. */
  async verifyMicrodeposits(paymentMethodId: string, code: string): Promise<SandboxBankAccount> {
    const method = await this.method(paymentMethodId);
    if (method.verification === 'verified') return this.accountOf(method);
    if (method.verification === 'failed') throw new SandboxBankLinkRefused(method.verification_failure ?? SANDBOX_BANK_LINK_MESSAGES.tooManyAttempts);
    const meaning = SANDBOX_MICRODEPOSIT_CODES[code.trim().toUpperCase() as keyof typeof SANDBOX_MICRODEPOSIT_CODES];
    if (!meaning) throw new SandboxBankLinkRefused(SANDBOX_BANK_LINK_MESSAGES.wrongCode);
    if (meaning !== 'verifies') {
      const message = meaning === 'expired' ? SANDBOX_BANK_LINK_MESSAGES.expired : SANDBOX_BANK_LINK_MESSAGES.tooManyAttempts;
      await this.dataSource.query(`UPDATE infra.sandbox_payment_methods SET verification = 'failed', verification_failure = $2 WHERE id = $1`, [
        paymentMethodId,
        message,
      ]);
      throw new SandboxBankLinkRefused(message);
    }
    await this.dataSource.query(`UPDATE infra.sandbox_payment_methods SET verification = 'verified' WHERE id = $1`, [paymentMethodId]);
    return { ...this.accountOf(method), verification: 'verified' };
  }

  async retrieve(paymentMethodId: string): Promise<ProviderBankAccount> {
    const method = await this.method(paymentMethodId);
    return { paymentMethodId, bankName: method.bank_name ?? SANDBOX_BANK_NAME, last4: method.last4, usable: method.verification === 'verified', customerId: null };
  }

  /** A debit, once per account and key: processing, with `payment_intent.processing` and `charge.pending`. */
  async debit(input: DebitBankAccount): Promise<BankDebit> {
    const [context] = await runPrepared(this.dataSource.manager, DEBIT_CONTEXT, [input.connectedAccountId, input.paymentMethodId, input.idempotencyKey]);
    if (context.debited_before) return this.storedDebit(input.connectedAccountId, input.idempotencyKey);
    if (context.charges_enabled === null) throw new ConnectedAccountNotFound(`No such sandbox account: ${input.connectedAccountId}`, { code: 'account_invalid' });
    if (!context.charges_enabled) {
      throw new PaymentGatewayError(`Sandbox account ${input.connectedAccountId} cannot take charges yet`, { code: 'account_not_charges_enabled' });
    }
    if (context.type !== 'us_bank_account') throw new CardDeclined('This bank account could not be found. Please link it again.', { code: 'resource_missing' });
    if (context.verification !== 'verified') {
      throw new CardDeclined('This bank account is not verified yet. Please confirm the microdeposits first.', { code: 'payment_method_unverified' });
    }
    const now = this.clock.now();
    const chargeId = sandboxId('py_sandbox_');
    const paymentIntentId = sandboxId('pi_sandbox_');
    const mandateId = sandboxId('mandate_sandbox_');
    const charge = { id: chargeId, object: 'charge', payment_intent: paymentIntentId, status: 'pending', amount: input.amountCents };
    const intent = { id: paymentIntentId, object: 'payment_intent', latest_charge: chargeId, status: 'processing' };
    const written = await this.events.writeWith<{ id: string }>(
      this.dataSource.manager,
      {
        steps: `charge AS (
            INSERT INTO infra.sandbox_charges
              (id, payment_intent_id, account_id, idempotency_key, payment_method_id, amount_cents, application_fee_cents,
               status, description, metadata, created_at, settles_at, mandate_id)
            VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9::jsonb, $10, $11, $12)
            ON CONFLICT (account_id, idempotency_key) DO NOTHING
            RETURNING id)`,
        result: 'charge',
        params: [
          chargeId,
          paymentIntentId,
          input.connectedAccountId,
          input.idempotencyKey,
          input.paymentMethodId,
          input.amountCents,
          input.platformFeeCents,
          input.description,
          JSON.stringify(input.metadata),
          now,
          businessDaysAfter(now, SETTLEMENT_BUSINESS_DAYS),
          mandateId,
        ],
      },
      [
        { type: 'charge.pending', account: input.connectedAccountId, object: charge },
        { type: 'payment_intent.processing', account: input.connectedAccountId, object: intent },
      ],
    );
    // A concurrent request with the same key won the insert: both answer with its debit.
    if (written.length === 0) return this.storedDebit(input.connectedAccountId, input.idempotencyKey);
    return {
      connectedAccountId: input.connectedAccountId,
      paymentIntentId,
      chargeId,
      status: 'processing',
      amountCents: input.amountCents,
      chargedAt: now,
      bank: { bankName: context.bank_name ?? SANDBOX_BANK_NAME, last4: context.last4 },
      mandateId,
    };
  }

  /** A debit's mandate: active, unless its account has been returned as closed or unauthorised since. */
  async mandate(accountId: string, mandateId: string): Promise<{ mandateId: string; status: 'active' | 'inactive' }> {
    const [row] = await this.dataSource.query<{ revoked: boolean }[]>(
      `SELECT bool_or(failure_code IN ('account_closed', 'debit_not_authorized')) AS revoked
         FROM infra.sandbox_charges WHERE account_id = $1 AND mandate_id = $2 HAVING count(*) > 0`,
      [accountId, mandateId],
    );
    if (!row) throw new ProviderObjectNotFound(`No such mandate: '${mandateId}'`, { code: 'resource_missing' });
    return { mandateId, status: row.revoked ? 'inactive' : 'active' };
  }

  /** Every debit whose settlement day the sandbox's clock has reached, decided as its test account says (not those that stay processing). */
  async settleDue(): Promise<number> {
    const due = await this.dataSource.query<{ id: string; account_id: string }[]>(
      `SELECT charge.id, charge.account_id FROM infra.sandbox_charges charge
         JOIN infra.sandbox_payment_methods method ON method.id = charge.payment_method_id
        WHERE charge.status = 'pending' AND charge.settles_at <= $1 AND method.outcome <> 'stays_processing'
        ORDER BY charge.settles_at LIMIT 500`,
      [this.clock.now()],
    );
    for (const debit of due) await this.decide(debit.account_id, debit.id, 'as_tested');
    return due.length;
  }

  /**
   * Decides a processing debit now: as its test account says, or (from the development tools) settled
   * or returned for insufficient funds whatever the account. False when it was no longer processing,
   * or (as tested) its account is the one that never settles by itself.
   */
  async decide(accountId: string, chargeId: string, how: 'as_tested' | 'settle' | 'return_insufficient_funds'): Promise<boolean> {
    const disputeAfter = await this.dataSource.transaction(async (manager) => {
      const row = await this.pending(manager, accountId, chargeId);
      if (!row) return null;
      const tested = outcomeOf(row.outcome);
      const outcome: SandboxDebitOutcome =
        how === 'settle' ? { kind: 'succeeds' } : how === 'return_insufficient_funds' ? { kind: 'fails', failureCode: 'insufficient_funds' } : tested;
      // The account that stays processing waits for a developer's decision.
      if (outcome.kind === 'stays_processing') return null;
      if (outcome.kind === 'fails') await this.fail(manager, row, outcome.failureCode);
      else await this.settle(manager, row);
      return outcome.kind === 'disputed';
    });
    if (disputeAfter === null) return false;
    if (disputeAfter) {
      // A return after success: Stripe reports it as a dispute, final at once for bank debits.
      const dispute = await this.money.openDispute(accountId, chargeId);
      await this.money.closeDispute(accountId, dispute.disputeId, 'lost');
    }
    return true;
  }

  private async settle(manager: EntityManager, row: PendingDebitRow): Promise<void> {
    const amount = Number(row.amount_cents);
    const processorFee = sandboxBankDebitFeeCents(amount);
    const balanceTransactionId = sandboxId('txn_sandbox_');
    const now = this.clock.now();
    await manager.query(
      `UPDATE infra.sandbox_charges SET status = 'succeeded', balance_transaction_id = $2, processor_fee_cents = $3 WHERE id = $1`,
      [row.id, balanceTransactionId, processorFee],
    );
    const fees = processorFee + Number(row.application_fee_cents);
    await manager.query(
      `INSERT INTO infra.sandbox_balance_transactions (id, account_id, kind, amount_cents, fee_cents, net_cents, source_id, charge_id, created_at)
       VALUES ($1, $2, 'charge', $3, $4, $5, $6, $6, $7)`,
      [balanceTransactionId, row.account_id, amount, fees, amount - fees, row.id, now],
    );
    const charge = { id: row.id, object: 'charge', payment_intent: row.payment_intent_id, status: 'succeeded', amount };
    const intent = { id: row.payment_intent_id, object: 'payment_intent', latest_charge: row.id, status: 'succeeded' };
    await this.events.emit(manager, [
      { type: 'charge.succeeded', account: row.account_id, object: charge },
      { type: 'payment_intent.succeeded', account: row.account_id, object: intent },
    ]);
  }

  private async fail(manager: EntityManager, row: PendingDebitRow, failureCode: BankDebitFailureCode): Promise<void> {
    const message = bankDebitFailureReason(failureCode);
    await manager.query(`UPDATE infra.sandbox_charges SET status = 'failed', failure_code = $2, failure_message = $3 WHERE id = $1`, [
      row.id,
      failureCode,
      message,
    ]);
    const charge = { id: row.id, object: 'charge', payment_intent: row.payment_intent_id, status: 'failed', failure_code: failureCode, amount: Number(row.amount_cents) };
    const intent = { id: row.payment_intent_id, object: 'payment_intent', latest_charge: row.id, status: 'requires_payment_method' };
    await this.events.emit(manager, [
      { type: 'charge.failed', account: row.account_id, object: charge },
      { type: 'payment_intent.payment_failed', account: row.account_id, object: intent },
    ]);
  }

  private async pending(manager: EntityManager, accountId: string, chargeId: string): Promise<PendingDebitRow | null> {
    const [row] = await manager.query<PendingDebitRow[]>(
      `SELECT charge.id, charge.account_id, charge.payment_intent_id, charge.amount_cents, charge.application_fee_cents,
              charge.metadata, charge.created_at, method.outcome
         FROM infra.sandbox_charges charge
         JOIN infra.sandbox_payment_methods method ON method.id = charge.payment_method_id
        WHERE charge.account_id = $1 AND charge.id = $2 AND charge.status = 'pending'
          FOR UPDATE OF charge`,
      [accountId, chargeId],
    );
    return row ?? null;
  }

  /** The debit already made under the key (Stripe answers a repeated key with its first answer). */
  private async storedDebit(accountId: string, idempotencyKey: string): Promise<BankDebit> {
    const [row] = await this.dataSource.query<
      { id: string; payment_intent_id: string; status: 'pending' | 'succeeded' | 'failed'; amount_cents: string; created_at: Date; bank_name: string; last4: string; mandate_id: string | null }[]
    >(
      `SELECT charge.id, charge.payment_intent_id, charge.status, charge.amount_cents, charge.created_at, charge.mandate_id, method.bank_name, method.last4
         FROM infra.sandbox_charges charge JOIN infra.sandbox_payment_methods method ON method.id = charge.payment_method_id
        WHERE charge.account_id = $1 AND charge.idempotency_key = $2`,
      [accountId, idempotencyKey],
    );
    if (!row) throw new PaymentGatewayError(`Sandbox debit under ${idempotencyKey} vanished after it was written`);
    return {
      connectedAccountId: accountId,
      paymentIntentId: row.payment_intent_id,
      chargeId: row.id,
      status: row.status === 'pending' ? 'processing' : row.status,
      amountCents: Number(row.amount_cents),
      chargedAt: row.created_at,
      bank: { bankName: row.bank_name, last4: row.last4 },
      mandateId: row.mandate_id,
    };
  }

  private async method(paymentMethodId: string): Promise<MethodRow> {
    const [row] = await this.dataSource.query<MethodRow[]>(
      `SELECT id, type, bank_name, last4, verification, verification_failure, outcome FROM infra.sandbox_payment_methods WHERE id = $1`,
      [paymentMethodId],
    );
    if (!row || row.type !== 'us_bank_account') throw new ProviderObjectNotFound(`No such payment_method: '${paymentMethodId}'`, { code: 'resource_missing' });
    return row;
  }

  private accountOf(method: MethodRow): SandboxBankAccount {
    return { id: method.id, bankName: method.bank_name ?? SANDBOX_BANK_NAME, last4: method.last4, verification: method.verification === 'verified' ? 'verified' : 'pending' };
  }
}
