import { Injectable } from '@nestjs/common';
import { randomBytes, randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../../../infrastructure/clock/clock';
import { lockUntilCommit } from '../../../../../infrastructure/database/transaction-lock';
import { AppConfig } from '../../../../../infrastructure/config/app-config';
import { CardDeclined, PaymentGatewayError, ProviderObjectNotFound } from '../../../../../infrastructure/providers/provider-errors';
import { GatewayEvent } from '../../../../../infrastructure/inbox/provider-events';
import { verifyAuthorizeNetEvent } from '../../authorize-net/authorize-net-events';
import {
  ChargeNonce,
  AuthorizeNetCredentials,
  AuthorizeNetGateway,
  AuthorizeNetMerchants,
  AuthorizeNetClientSetup,
  AuthorizeNetTransaction,
  AuthorizeNetBatchTransaction,
  AuthorizeNetSettledBatch,
  merchantAccountOf,
  RefundTransaction,
} from '../../authorize-net-gateway.port';
import { checkCardForNonce, REASONS, reasonCodeOf } from './sandbox-test-cards';

/** The sandbox's tokenizer path, outside /api like Accept.js's own host (docs/decisions/0019). */
export const SANDBOX_ANET_NONCES_PATH = 'sandbox/anet/v1/payment_nonces';

/** Accept.js's nonces work once, for 15 minutes. */
const NONCE_LIFETIME_MS = 15 * 60 * 1000;
const DUPLICATE_WINDOW_MS = 120 * 1000;
/** The gateway settles each day's transactions in a nightly batch: the sandbox calls a transaction settled a day after it. */
const SETTLEMENT_DELAY_MS = 24 * 3600 * 1000;
export const SANDBOX_NONCE_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789';
const randomAlphanumeric = (length: number): string => Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

interface TransactionRow {
  id: string;
  kind: 'charge' | 'refund';
  invoice_number: string | null;
  amount_cents: string;
  response_code: string;
  reason_code: string;
  brand: string | null;
  last4: string | null;
  ref_transaction_id: string | null;
  voided: boolean;
  submitted_at: Date;
  settled_at: Date | null;
}

/** A transaction row as a batch lists it: the batch that settled it, or the one that took it back. */
interface BatchRow extends TransactionRow {
  batch_id: string | null;
  chargeback_batch_id: string | null;
}

export type AcceptJsAnswer =
  | { opaqueData: { dataDescriptor: string; dataValue: string }; messages: { resultCode: 'Ok'; message: { code: string; text: string }[] } }
  | { messages: { resultCode: 'Error'; message: { code: string; text: string }[] } };

/**
 * The gateway's settlement: per merchant with something to settle, a batch of its approved
 * transactions not voided nor settled yet (submitted before `submittedBefore`, when given) and of the
 * chargebacks since its last batch.
 */
async function settleInBatches(dataSource: DataSource, now: Date, { merchant, submittedBefore }: { merchant?: string; submittedBefore?: Date }): Promise<void> {
  const due = `(settled_at IS NULL AND response_code = '1' AND NOT voided AND ($2::timestamptz IS NULL OR submitted_at < $2))
               OR (charged_back_at IS NOT NULL AND chargeback_batch_id IS NULL)`;
  await dataSource.transaction(async (manager) => {
    await lockUntilCommit(manager, 'sandbox-anet:settlement');
    const merchants = await manager.query<{ merchant: string }[]>(
      `SELECT DISTINCT merchant FROM infra.sandbox_anet_transactions WHERE ($1::text IS NULL OR merchant = $1) AND (${due})`,
      [merchant ?? null, submittedBefore ?? null],
    );
    for (const { merchant: batched } of merchants) {
      const batchId = String(randomInt(10 ** 7, 9 * 10 ** 7));
      await manager.query(`INSERT INTO infra.sandbox_anet_batches (id, merchant, settled_at) VALUES ($1, $2, $3)`, [batchId, batched, now]);
      await manager.query(
        `UPDATE infra.sandbox_anet_transactions SET settled_at = $4, batch_id = $3
          WHERE merchant = $1 AND settled_at IS NULL AND response_code = '1' AND NOT voided AND ($2::timestamptz IS NULL OR submitted_at < $2)`,
        [batched, submittedBefore ?? null, batchId, now],
      );
      await manager.query(
        `UPDATE infra.sandbox_anet_transactions SET chargeback_batch_id = $2
          WHERE merchant = $1 AND charged_back_at IS NOT NULL AND chargeback_batch_id IS NULL`,
        [batched, batchId],
      );
    }
  });
}

const ACCEPT_AUTHENTICATION_FAILED = { code: 'E_WC_21', text: 'User authentication failed due to invalid authentication values.' };

/**
 * The offline Authorize.Net of development and tests (AUTHORIZE_NET_ENVIRONMENT offline, refused in
 * production): merchant accounts of its own, made on request with keys like the gateway's; a tokenizer
 * that answers like Accept.js with single-use nonces for the documented test cards, for a merchant's
 * login id and public client key; charges that approve or decline as the gateway's sandbox does.
 * Nonces keep brand and last four only, never the number or the code; merchants and transactions live
 * in PostgreSQL so API and worker agree.
 */
@Injectable()
export class AuthorizeNetSandbox extends AuthorizeNetMerchants {
  readonly name = 'authorize_net_sandbox';

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    super();
    if (config.isProduction) throw new Error('The Authorize.Net sandbox is refused in production: set AUTHORIZE_NET_ENVIRONMENT');
  }

  /** Development: a new merchant account, as signing up for Authorize.Net's sandbox gives one. */
  async createMerchant(): Promise<AuthorizeNetCredentials> {
    const credentials: AuthorizeNetCredentials = {
      apiLoginId: randomAlphanumeric(12),
      transactionKey: randomAlphanumeric(16),
      signatureKey: randomBytes(64).toString('hex').toUpperCase(),
      publicClientKey: randomAlphanumeric(64),
    };
    await this.dataSource.query(
      `INSERT INTO infra.sandbox_anet_merchants (api_login_id, transaction_key, signature_key, public_client_key, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [credentials.apiLoginId, credentials.transactionKey, credentials.signatureKey, credentials.publicClientKey, this.clock.now()],
    );
    return credentials;
  }

  async authenticate({ apiLoginId, transactionKey }: AuthorizeNetCredentials): Promise<boolean> {
    const [merchant] = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM infra.sandbox_anet_merchants WHERE api_login_id = $1 AND transaction_key = $2`,
      [apiLoginId, transactionKey],
    );
    return merchant !== undefined;
  }

  gatewayFor(credentials: AuthorizeNetCredentials): AuthorizeNetGateway {
    return new SandboxMerchantGateway(this.dataSource, this.clock, credentials);
  }

  /** Accept.js's dispatchData, offline: a nonce of the merchant named by its login id and public key for a test card, or Accept.js's error. */
  async createNonce(
    authData: { apiLoginID: string; clientKey: string },
    card: { cardNumber: string; month: string; year: string; cardCode: string },
  ): Promise<AcceptJsAnswer> {
    const [merchant] = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM infra.sandbox_anet_merchants WHERE api_login_id = $1 AND public_client_key = $2`,
      [authData.apiLoginID, authData.clientKey],
    );
    if (!merchant) return { messages: { resultCode: 'Error', message: [ACCEPT_AUTHENTICATION_FAILED] } };
    const now = this.clock.now();
    const check = checkCardForNonce(card, now);
    if (!check.ok) return { messages: { resultCode: 'Error', message: [{ code: check.code, text: check.text }] } };
    const dataValue = `sandbox-nonce-${randomBytes(24).toString('base64url')}`;
    await this.dataSource.query(
      `INSERT INTO infra.sandbox_anet_nonces (data_value, merchant, brand, last4, amount_triggered, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [dataValue, authData.apiLoginID, check.brand, check.last4, check.amountTriggered, new Date(now.getTime() + NONCE_LIFETIME_MS)],
    );
    return {
      opaqueData: { dataDescriptor: SANDBOX_NONCE_DESCRIPTOR, dataValue },
      messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
    };
  }

  /**
   * Development and tests: the nightly settlement now, of every merchant: each with something to settle
   * gets a batch of every approved transaction not voided nor settled yet, and of the chargebacks since its last.
   */
  async settleBatch(): Promise<void> {
    await settleInBatches(this.dataSource, this.clock.now(), {});
  }

  /**
   * Development and tests: the card holder's bank takes a settled charge back (all of it); the next
   * settlement's batch lists it as a chargeback. Throws when the charge is not settled in a batch or already taken back.
   */
  async chargeBack(transactionId: string): Promise<void> {
    const [, changed] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE infra.sandbox_anet_transactions SET charged_back_at = $2
        WHERE id = $1 AND kind = 'charge' AND batch_id IS NOT NULL AND charged_back_at IS NULL`,
      [transactionId, this.clock.now()],
    );
    if (changed !== 1) throw new Error(`The Authorize.Net sandbox has no settled charge ${transactionId} to charge back`);
  }
}

/** One merchant account of the offline sandbox: its transactions only, its signature key on its webhooks. */
class SandboxMerchantGateway extends AuthorizeNetGateway {
  readonly name = 'authorize_net_sandbox';
  readonly livemode = false;
  readonly merchantAccount: string;
  readonly clientSetup: AuthorizeNetClientSetup;
  private readonly merchant: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly credentials: AuthorizeNetCredentials,
  ) {
    super();
    this.merchant = credentials.apiLoginId;
    this.merchantAccount = merchantAccountOf(credentials.apiLoginId);
    this.clientSetup = { kind: 'sandbox', tokenizerUrl: `/${SANDBOX_ANET_NONCES_PATH}`, apiLoginId: credentials.apiLoginId, clientKey: credentials.publicClientKey };
  }

  async chargeNonce(input: ChargeNonce): Promise<AuthorizeNetTransaction> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      // One charge at a time per invoice: the duplicate window and the nonce's single use are checked under it.
      await lockUntilCommit(manager, `sandbox-anet:${input.invoiceNumber}`);
      const [duplicate] = await manager.query<{ id: string }[]>(
        `SELECT id FROM infra.sandbox_anet_transactions
          WHERE merchant = $4 AND invoice_number = $1 AND amount_cents = $2 AND submitted_at > $3 AND kind = 'charge'`,
        [input.invoiceNumber, input.amountCents, new Date(now.getTime() - DUPLICATE_WINDOW_MS), this.merchant],
      );
      if (duplicate) throw new PaymentGatewayError('Authorize.Net sandbox refused a duplicate transaction', { code: '11', retryable: true });
      const [nonces] = await manager.query<[{ brand: string; last4: string; amount_triggered: boolean }[], number]>(
        `UPDATE infra.sandbox_anet_nonces SET used_at = $2
          WHERE data_value = $1 AND merchant = $3 AND used_at IS NULL AND expires_at > $2
          RETURNING brand, last4, amount_triggered`,
        [input.nonce.dataValue, now, this.merchant],
      );
      const nonce = nonces[0];
      if (!nonce || input.nonce.dataDescriptor !== SANDBOX_NONCE_DESCRIPTOR) {
        throw new CardDeclined('User authentication failed due to invalid authentication values.', { code: 'E00114' });
      }
      const reasonCode = reasonCodeOf({ amountCents: input.amountCents, zip: input.billTo.zip, amountTriggered: nonce.amount_triggered });
      const reason = REASONS[reasonCode];
      const id = String(randomInt(10 ** 10, 9 * 10 ** 10));
      await manager.query(
        `INSERT INTO infra.sandbox_anet_transactions
           (id, merchant, kind, invoice_number, ref_id, amount_cents, response_code, reason_code, brand, last4, description, bill_to, submitted_at)
         VALUES ($1, $12, 'charge', $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
        [id, input.invoiceNumber, input.refId, input.amountCents, reason.responseCode, reasonCode, nonce.brand, nonce.last4, input.description, JSON.stringify(input.billTo), now, this.merchant],
      );
      const transaction = this.toTransaction({
        id, kind: 'charge', invoice_number: input.invoiceNumber, amount_cents: String(input.amountCents), response_code: reason.responseCode,
        reason_code: reasonCode, brand: nonce.brand, last4: nonce.last4, ref_transaction_id: null, voided: false, submitted_at: now, settled_at: null,
      });
      if (transaction.status !== 'approved') throw new CardDeclined(reason.text, { code: reasonCode });
      return transaction;
    });
  }

  /** A refund of a settled charge, up to what is left of it, to the card it names; the same invoice number again inside the window is a duplicate. */
  async refundTransaction(input: RefundTransaction): Promise<AuthorizeNetTransaction> {
    const now = this.clock.now();
    const id = await this.dataSource.transaction(async (manager) => {
      await lockUntilCommit(manager, `sandbox-anet:${input.transactionId}`);
      const charge = await this.row(input.transactionId, manager);
      const [duplicate] = await manager.query<{ id: string }[]>(
        `SELECT id FROM infra.sandbox_anet_transactions
          WHERE merchant = $4 AND invoice_number = $1 AND amount_cents = $2 AND submitted_at > $3 AND kind = 'refund'`,
        [input.invoiceNumber, input.amountCents, new Date(now.getTime() - DUPLICATE_WINDOW_MS), this.merchant],
      );
      if (duplicate) throw new PaymentGatewayError('Authorize.Net sandbox refused a duplicate transaction', { code: '11', retryable: true });
      const refuse = (code: string, text: string): never => {
        throw new PaymentGatewayError(`Authorize.Net sandbox refused a refund: ${code} ${text}`, { code });
      };
      if (charge.kind !== 'charge' || charge.response_code !== '1' || charge.voided || !this.isSettled(charge, now)) {
        refuse('54', 'The referenced transaction does not meet the criteria for issuing a credit.');
      }
      if (charge.last4 !== input.cardLast4) refuse('6', 'The credit card number is invalid.');
      const [{ refunded }] = await manager.query<{ refunded: string }[]>(
        `SELECT coalesce(sum(amount_cents), 0) AS refunded FROM infra.sandbox_anet_transactions WHERE ref_transaction_id = $1 AND kind = 'refund'`,
        [input.transactionId],
      );
      if (input.amountCents <= 0 || input.amountCents > Number(charge.amount_cents) - Number(refunded)) {
        refuse('55', 'The sum of credits against the referenced transaction would exceed original debit amount.');
      }
      const refundId = String(randomInt(10 ** 10, 9 * 10 ** 10));
      await manager.query(
        `INSERT INTO infra.sandbox_anet_transactions
           (id, merchant, kind, invoice_number, ref_id, amount_cents, response_code, reason_code, brand, last4, description, ref_transaction_id, submitted_at)
         VALUES ($1, $8, 'refund', $2, $2, $3, '1', '1', $4, $5, 'Rentwise refund', $6, $7)`,
        [refundId, input.invoiceNumber, input.amountCents, charge.brand, charge.last4, input.transactionId, now, this.merchant],
      );
      return refundId;
    });
    return this.retrieveTransaction(id);
  }

  /** Voids an approved charge not settled yet: all of it. */
  async voidTransaction(transactionId: string): Promise<AuthorizeNetTransaction> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      await lockUntilCommit(manager, `sandbox-anet:${transactionId}`);
      const charge = await this.row(transactionId, manager);
      if (charge.voided) return;
      if (charge.kind !== 'charge' || charge.response_code !== '1' || this.isSettled(charge, now)) {
        throw new PaymentGatewayError(`Authorize.Net sandbox refused a void: 16 The transaction cannot be found or has settled.`, { code: '16' });
      }
      await manager.query(`UPDATE infra.sandbox_anet_transactions SET voided = true WHERE id = $1`, [transactionId]);
    });
    return this.retrieveTransaction(transactionId);
  }

  async findChargeByInvoiceNumber(invoiceNumber: string): Promise<AuthorizeNetTransaction | null> {
    const [row] = await this.dataSource.query<TransactionRow[]>(
      `SELECT * FROM infra.sandbox_anet_transactions WHERE merchant = $2 AND invoice_number = $1 ORDER BY submitted_at DESC LIMIT 1`,
      [invoiceNumber, this.merchant],
    );
    return row ? this.toTransaction(row) : null;
  }

  async retrieveTransaction(transactionId: string): Promise<AuthorizeNetTransaction> {
    return this.toTransaction(await this.row(transactionId));
  }

  async listSettledBatches(from: Date, to: Date): Promise<AuthorizeNetSettledBatch[]> {
    // The gateway settles every night on its own: what is a day old is settled by now.
    const now = this.clock.now();
    await settleInBatches(this.dataSource, now, { merchant: this.merchant, submittedBefore: new Date(now.getTime() - SETTLEMENT_DELAY_MS) });
    const rows = await this.dataSource.query<{ id: string; settled_at: Date }[]>(
      `SELECT id, settled_at FROM infra.sandbox_anet_batches WHERE merchant = $1 AND settled_at BETWEEN $2 AND $3 ORDER BY settled_at, id`,
      [this.merchant, from, to],
    );
    return rows.map((row) => ({ batchId: row.id, settledAt: row.settled_at, state: 'settledSuccessfully' }));
  }

  async listBatchTransactions(batchId: string): Promise<AuthorizeNetBatchTransaction[]> {
    const rows = await this.dataSource.query<BatchRow[]>(
      `SELECT * FROM infra.sandbox_anet_transactions WHERE merchant = $1 AND (batch_id = $2 OR chargeback_batch_id = $2) ORDER BY submitted_at, id`,
      [this.merchant, batchId],
    );
    return rows.map((row) => {
      const chargedBack = row.chargeback_batch_id === batchId;
      return {
        transactionId: row.id,
        kind: chargedBack ? 'charge' : row.kind,
        status: chargedBack ? 'chargeback' : 'settled',
        amountCents: Number(row.amount_cents),
        invoiceNumber: row.invoice_number,
        refTransactionId: row.ref_transaction_id,
        submittedAt: row.submitted_at,
      };
    });
  }

  private async row(transactionId: string, manager: EntityManager = this.dataSource.manager): Promise<TransactionRow> {
    const [row] = await manager.query<TransactionRow[]>(`SELECT * FROM infra.sandbox_anet_transactions WHERE id = $1 AND merchant = $2`, [
      transactionId,
      this.merchant,
    ]);
    if (!row) throw new ProviderObjectNotFound(`The Authorize.Net sandbox has no transaction ${transactionId}`, { code: 'E00040' });
    return row;
  }

  private isSettled(row: TransactionRow, now: Date): boolean {
    if (row.voided || row.response_code !== '1') return false;
    return row.settled_at !== null || row.submitted_at.getTime() <= now.getTime() - SETTLEMENT_DELAY_MS;
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string): GatewayEvent {
    return verifyAuthorizeNetEvent(rawBody, signatureHeader, {
      signatureKey: this.credentials.signatureKey,
      merchantAccount: this.merchantAccount,
      livemode: false,
    });
  }

  private toTransaction(row: TransactionRow): AuthorizeNetTransaction {
    const status = row.voided ? 'voided' : row.response_code === '1' ? 'approved' : row.response_code === '2' ? 'declined' : 'error';
    return {
      transactionId: row.id,
      kind: row.kind,
      status,
      reasonCode: row.reason_code,
      reasonText: REASONS[row.reason_code]?.text ?? null,
      invoiceNumber: row.invoice_number,
      amountCents: Number(row.amount_cents),
      submittedAt: row.submitted_at,
      card: { brand: row.brand, last4: row.last4 },
      refTransactionId: row.ref_transaction_id,
      settled: this.isSettled(row, this.clock.now()),
    };
  }
}
