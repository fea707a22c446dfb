import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../../../infrastructure/clock/clock';
import { lockUntilCommit } from '../../../../../infrastructure/database/transaction-lock';
import { AppConfig } from '../../../../../infrastructure/config/app-config';
import { CardDeclined, PaymentGatewayError, ProviderObjectNotFound } from '../../../../../infrastructure/providers/provider-errors';
import { GatewayEvent } from '../../../../../infrastructure/inbox/provider-events';
import { ProviderEvent } from '../../../../../infrastructure/inbox/provider-events';
import { translateAuthorizeNetEvent, verifyAuthorizeNetEvent } from '../../authorize-net/authorize-net-events';
import { ChargeNonce, AuthorizeNetGateway, AuthorizeNetClientSetup, AuthorizeNetTransaction, RefundTransaction } from '../../authorize-net-gateway.port';
import { checkCardForNonce, REASONS, reasonCodeOf } from './sandbox-test-cards';

/** The sandbox's tokenizer path, outside /api like Accept.js's own host (docs/decisions/0019). */
export const SANDBOX_ANET_NONCES_PATH = 'sandbox/anet/v1/payment_nonces';

/** Accept.js's nonces work once, for 15 minutes. */
const NONCE_LIFETIME_MS = 15 * 60 * 1000;
const DUPLICATE_WINDOW_MS = 120 * 1000;
/** The gateway settles each day's transactions in a nightly batch: the sandbox calls a transaction settled a day after it. */
const SETTLEMENT_DELAY_MS = 24 * 3600 * 1000;
export const SANDBOX_NONCE_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';

/** The sandbox's webhook signature key, derived from APP_SECRET so nothing needs configuring. */
export function sandboxAuthorizeNetSignatureKey(appSecret: string): string {
  return createHmac('sha512', appSecret).update('rentwise/sandbox-authorize-net-webhooks').digest('hex').toUpperCase();
}

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

export type AcceptJsAnswer =
  | { opaqueData: { dataDescriptor: string; dataValue: string }; messages: { resultCode: 'Ok'; message: { code: string; text: string }[] } }
  | { messages: { resultCode: 'Error'; message: { code: string; text: string }[] } };

/**
 * The offline Authorize.Net used whenever no Authorize.Net keys are set (never in production): its
 * tokenizer answers like Accept.js with single-use nonces for the documented test cards, and its
 * charges approve or decline as the gateway's sandbox does. Nonces keep brand and last four only,
 * never the number or the code; transactions live in PostgreSQL so API and worker agree.
 */
@Injectable()
export class AuthorizeNetSandbox extends AuthorizeNetGateway {
  readonly name = 'authorize_net_sandbox';
  readonly livemode = false;
  readonly merchantAccount = 'anet:sandbox';
  readonly clientSetup: AuthorizeNetClientSetup = { kind: 'sandbox', tokenizerUrl: `/${SANDBOX_ANET_NONCES_PATH}` };
  private readonly signatureKey: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    super();
    if (config.isProduction) throw new Error('The Authorize.Net sandbox is refused in production: set the AUTHORIZE_NET_* keys');
    this.signatureKey = sandboxAuthorizeNetSignatureKey(config.appSecret);
  }

  /** Accept.js's dispatchData, offline: a nonce for a test card, or Accept.js's error. */
  async createNonce(card: { cardNumber: string; month: string; year: string; cardCode: string }): Promise<AcceptJsAnswer> {
    const now = this.clock.now();
    const check = checkCardForNonce(card, now);
    if (!check.ok) return { messages: { resultCode: 'Error', message: [{ code: check.code, text: check.text }] } };
    const dataValue = `sandbox-nonce-${randomBytes(24).toString('base64url')}`;
    await this.dataSource.query(
      `INSERT INTO infra.sandbox_anet_nonces (data_value, brand, last4, amount_triggered, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [dataValue, check.brand, check.last4, check.amountTriggered, new Date(now.getTime() + NONCE_LIFETIME_MS)],
    );
    return {
      opaqueData: { dataDescriptor: SANDBOX_NONCE_DESCRIPTOR, dataValue },
      messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
    };
  }

  async chargeNonce(input: ChargeNonce): Promise<AuthorizeNetTransaction> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      // One charge at a time per invoice: the duplicate window and the nonce's single use are checked under it.
      await lockUntilCommit(manager, `sandbox-anet:${input.invoiceNumber}`);
      const [duplicate] = await manager.query<{ id: string }[]>(
        `SELECT id FROM infra.sandbox_anet_transactions
          WHERE invoice_number = $1 AND amount_cents = $2 AND submitted_at > $3 AND kind = 'charge'`,
        [input.invoiceNumber, input.amountCents, new Date(now.getTime() - DUPLICATE_WINDOW_MS)],
      );
      if (duplicate) throw new PaymentGatewayError('Authorize.Net sandbox refused a duplicate transaction', { code: '11', retryable: true });
      const [nonces] = await manager.query<[{ brand: string; last4: string; amount_triggered: boolean }[], number]>(
        `UPDATE infra.sandbox_anet_nonces SET used_at = $2
          WHERE data_value = $1 AND used_at IS NULL AND expires_at > $2
          RETURNING brand, last4, amount_triggered`,
        [input.nonce.dataValue, now],
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
           (id, kind, invoice_number, ref_id, amount_cents, response_code, reason_code, brand, last4, description, bill_to, submitted_at)
         VALUES ($1, 'charge', $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
        [id, input.invoiceNumber, input.refId, input.amountCents, reason.responseCode, reasonCode, nonce.brand, nonce.last4, input.description, JSON.stringify(input.billTo), now],
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
          WHERE invoice_number = $1 AND amount_cents = $2 AND submitted_at > $3 AND kind = 'refund'`,
        [input.invoiceNumber, input.amountCents, new Date(now.getTime() - DUPLICATE_WINDOW_MS)],
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
           (id, kind, invoice_number, ref_id, amount_cents, response_code, reason_code, brand, last4, description, ref_transaction_id, submitted_at)
         VALUES ($1, 'refund', $2, $2, $3, '1', '1', $4, $5, 'Rentwise refund', $6, $7)`,
        [refundId, input.invoiceNumber, input.amountCents, charge.brand, charge.last4, input.transactionId, now],
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

  /** Development and tests: the nightly batch now, settling every approved transaction not voided. */
  async settleBatch(): Promise<void> {
    await this.dataSource.query(
      `UPDATE infra.sandbox_anet_transactions SET settled_at = $1 WHERE settled_at IS NULL AND response_code = '1' AND NOT voided`,
      [this.clock.now()],
    );
  }

  async findChargeByInvoiceNumber(invoiceNumber: string): Promise<AuthorizeNetTransaction | null> {
    const [row] = await this.dataSource.query<TransactionRow[]>(
      `SELECT * FROM infra.sandbox_anet_transactions WHERE invoice_number = $1 ORDER BY submitted_at DESC LIMIT 1`,
      [invoiceNumber],
    );
    return row ? this.toTransaction(row) : null;
  }

  async retrieveTransaction(transactionId: string): Promise<AuthorizeNetTransaction> {
    return this.toTransaction(await this.row(transactionId));
  }

  private async row(transactionId: string, manager: EntityManager = this.dataSource.manager): Promise<TransactionRow> {
    const [row] = await manager.query<TransactionRow[]>(`SELECT * FROM infra.sandbox_anet_transactions WHERE id = $1`, [transactionId]);
    if (!row) throw new ProviderObjectNotFound(`The Authorize.Net sandbox has no transaction ${transactionId}`, { code: 'E00040' });
    return row;
  }

  private isSettled(row: TransactionRow, now: Date): boolean {
    if (row.voided || row.response_code !== '1') return false;
    return row.settled_at !== null || row.submitted_at.getTime() <= now.getTime() - SETTLEMENT_DELAY_MS;
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string): GatewayEvent {
    return verifyAuthorizeNetEvent(rawBody, signatureHeader, this.signatureKey, false);
  }

  translateEvent(event: GatewayEvent): ProviderEvent | null {
    return translateAuthorizeNetEvent(event);
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
