import { Injectable } from '@nestjs/common';
import type { CardGatewayKind } from '@rentwise/libs/schemas/authorize-net-payment.schema';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { lockUntilCommit } from '../../../infrastructure/database/transaction-lock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { OneStatementChange } from '../../../infrastructure/outbox/outbox';
import type { CardPayment } from './card-payment.entity';

// The card payment statements every payment request and every provider event about a charge runs,
// prepared (but for the mark paid, which carries its transaction's outbox jobs): TypeORM's query
// building and entity mapping were a fifth of a webhook worker's CPU.

type CentsColumn = 'amountCents' | 'processingFeeCents' | 'chargedCents' | 'platformFeeCents' | 'processorFeeCents';
/** As PostgreSQL answers: bigint cents arrive as strings. */
type CardPaymentRow = Omit<CardPayment, CentsColumn> & Record<Exclude<CentsColumn, 'processorFeeCents'>, string> & { processorFeeCents: string | null };

const COLUMNS = `id, idempotency_key AS "idempotencyKey", input_hash AS "inputHash", status, invoice_number AS "invoiceNumber",
  tenant_user_id AS "tenantUserId", landlord_user_id AS "landlordUserId", property_id AS "propertyId", amount_cents AS "amountCents",
  processing_fee_cents AS "processingFeeCents", charged_cents AS "chargedCents", platform_fee_cents AS "platformFeeCents",
  description, provider, connected_account_id AS "connectedAccountId", payment_method_id AS "paymentMethodId",
  payment_intent_id AS "paymentIntentId", charge_id AS "chargeId", balance_transaction_id AS "balanceTransactionId",
  processor_fee_cents AS "processorFeeCents", card_brand AS "cardBrand", card_last4 AS "cardLast4", failure_code AS "failureCode",
  failure_message AS "failureMessage", charged_at AS "chargedAt", ledger_transaction_id AS "ledgerTransactionId",
  client_address AS "clientAddress", method, bank_name AS "bankName", bank_last4 AS "bankLast4", mandate_id AS "mandateId",
  settled_at AS "settledAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Every card payment request starts here (unique idempotency_key). */
const BY_IDEMPOTENCY_KEY = preparedStatement<CardPaymentRow, [idempotencyKey: string]>(
  'payments.card-payment-by-key',
  `SELECT ${COLUMNS} FROM payments.card_payments WHERE idempotency_key = $1`,
);

// How a provider's charge names its attempt (ChargeSettlement.findAttempt), for each of its events.
const BY_ID = preparedStatement<CardPaymentRow, [id: string]>(
  'payments.card-payment-by-id',
  `SELECT ${COLUMNS} FROM payments.card_payments WHERE id = $1`,
);
const BY_CHARGE = preparedStatement<CardPaymentRow, [connectedAccountId: string, chargeId: string]>(
  'payments.card-payment-by-charge',
  `SELECT ${COLUMNS} FROM payments.card_payments WHERE connected_account_id = $1 AND charge_id = $2`,
);
const BY_PAYMENT_INTENT = preparedStatement<CardPaymentRow, [connectedAccountId: string, paymentIntentId: string]>(
  'payments.card-payment-by-intent',
  `SELECT ${COLUMNS} FROM payments.card_payments WHERE connected_account_id = $1 AND payment_intent_id = $2`,
);

type AttemptValues = [
  id: string, idempotencyKey: string, inputHash: string, status: CardPayment['status'], invoiceNumber: string | null,
  tenantUserId: string, landlordUserId: string, propertyId: string, amountCents: number, processingFeeCents: number,
  chargedCents: number, platformFeeCents: number, description: string, provider: string, connectedAccountId: string,
  paymentMethodId: string, cardBrand: string | null, cardLast4: string | null, clientAddress: string | null, createdAt: Date,
  landlordGateway: CardGatewayKind, method: CardPayment['method'], bankName: string | null, bankLast4: string | null, mandateId: string | null,
];
/**
 * A new attempt, unless an operator has moved the landlord to another card gateway since the page
 * loaded, or a doubled request stored the key a moment earlier: no row either way. The gateway is
 * asked in the insert itself (no row there means Stripe's), one round trip fewer on every payment.
 */
const INSERT_ATTEMPT = preparedStatement<{ id: string }, AttemptValues>(
  'payments.insert-card-payment',
  `INSERT INTO payments.card_payments (id, idempotency_key, input_hash, status, invoice_number, tenant_user_id, landlord_user_id,
     property_id, amount_cents, processing_fee_cents, charged_cents, platform_fee_cents, description, provider,
     connected_account_id, payment_method_id, card_brand, card_last4, client_address, created_at, updated_at, method, bank_name, bank_last4,
     mandate_id)
   SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20, $22, $23, $24, $25
    WHERE COALESCE((SELECT gateway FROM payments.landlord_card_gateways WHERE landlord_user_id = $7), 'stripe') = $21
   ON CONFLICT DO NOTHING
   RETURNING id`,
);

const BY_INVOICE_NUMBER = preparedStatement<CardPaymentRow, [invoiceNumber: string]>(
  'payments.card-payment-by-invoice',
  `SELECT ${COLUMNS} FROM payments.card_payments WHERE invoice_number = $1`,
);

const MARK_DECLINED = preparedStatement<{ id: string }, [id: string, paymentIntentId: string | null, failureCode: string | null, failureMessage: string, updatedAt: Date]>(
  'payments.mark-card-payment-declined',
  `UPDATE payments.card_payments
      SET status = 'declined', payment_intent_id = COALESCE($2, payment_intent_id), failure_code = $3, failure_message = $4, updated_at = $5
    WHERE id = $1 AND status = 'pending'
   RETURNING id`,
);

/** What a posted charge writes on its attempt. */
export type PaidAttempt = Pick<
  CardPayment,
  | 'connectedAccountId' | 'paymentIntentId' | 'chargeId' | 'balanceTransactionId' | 'processorFeeCents' | 'cardBrand' | 'cardLast4'
  | 'chargedAt' | 'ledgerTransactionId' | 'updatedAt'
>;

/** What a bank debit's sending changes in its attempt. */
export type SentAttempt = Pick<CardPayment, 'paymentIntentId' | 'chargeId' | 'chargedAt' | 'ledgerTransactionId' | 'updatedAt'>;

const MARK_PAID_SQL = `UPDATE payments.card_payments
      SET status = 'succeeded', connected_account_id = $2, payment_intent_id = $3, charge_id = $4, balance_transaction_id = $5,
          processor_fee_cents = $6, card_brand = $7, card_last4 = $8, charged_at = $9, ledger_transaction_id = $10,
          failure_code = NULL, failure_message = NULL, updated_at = $11
    WHERE id = $1`;

function cardPaymentOf(row: CardPaymentRow): CardPayment {
  return {
    ...row,
    amountCents: Number(row.amountCents),
    processingFeeCents: Number(row.processingFeeCents),
    chargedCents: Number(row.chargedCents),
    platformFeeCents: Number(row.platformFeeCents),
    processorFeeCents: row.processorFeeCents === null ? null : Number(row.processorFeeCents),
  };
}

const firstOf = (rows: CardPaymentRow[]): CardPayment | null => (rows[0] ? cardPaymentOf(rows[0]) : null);

/** A new attempt as PayRent builds it: the provider's answers come later (PaidAttempt, markDeclined). */
export type NewCardAttempt = Pick<
  CardPayment,
  | 'id' | 'idempotencyKey' | 'inputHash' | 'invoiceNumber' | 'tenantUserId' | 'landlordUserId' | 'propertyId' | 'amountCents'
  | 'processingFeeCents' | 'chargedCents' | 'platformFeeCents' | 'description' | 'provider' | 'connectedAccountId'
  | 'paymentMethodId' | 'cardBrand' | 'cardLast4' | 'clientAddress' | 'createdAt' | 'method' | 'bankName' | 'bankLast4' | 'mandateId'
>;

/** A new attempt as stored, before any answer from the provider. */
export function pendingAttemptOf(attempt: NewCardAttempt): CardPayment {
  return {
    ...attempt,
    status: 'pending',
    paymentIntentId: null,
    chargeId: null,
    balanceTransactionId: null,
    processorFeeCents: null,
    failureCode: null,
    failureMessage: null,
    chargedAt: null,
    ledgerTransactionId: null,
    settledAt: null,
    updatedAt: attempt.createdAt,
  };
}

/**
 * The one owner of `payments.card_payments`: every read and write of a card attempt goes through
 * here, each in the running unit of work if any.
 */
@Injectable()
export class CardAttempts {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  /**
   * Stores a new attempt for a landlord on `landlordGateway`; false when the key was stored first by a
   * doubled request or the landlord is no longer on that gateway (CardGateways tells which).
   */
  async store(attempt: NewCardAttempt, landlordGateway: CardGatewayKind): Promise<boolean> {
    const rows = await this.unitOfWork.query(INSERT_ATTEMPT, [
      attempt.id, attempt.idempotencyKey, attempt.inputHash, 'pending', attempt.invoiceNumber, attempt.tenantUserId,
      attempt.landlordUserId, attempt.propertyId, attempt.amountCents, attempt.processingFeeCents, attempt.chargedCents,
      attempt.platformFeeCents, attempt.description, attempt.provider, attempt.connectedAccountId, attempt.paymentMethodId,
      attempt.cardBrand, attempt.cardLast4, attempt.clientAddress, attempt.createdAt, landlordGateway, attempt.method, attempt.bankName,
      attempt.bankLast4, attempt.mandateId,
    ]);
    return rows.length === 1;
  }

  /** The attempt stored under a payment request's idempotency key. */
  async byKey(idempotencyKey: string): Promise<CardPayment | null> {
    return firstOf(await this.unitOfWork.query(BY_IDEMPOTENCY_KEY, [idempotencyKey]));
  }

  async byId(id: string): Promise<CardPayment | null> {
    return firstOf(await this.unitOfWork.query(BY_ID, [id]));
  }

  async byCharge(connectedAccountId: string, chargeId: string): Promise<CardPayment | null> {
    return firstOf(await this.unitOfWork.query(BY_CHARGE, [connectedAccountId, chargeId]));
  }

  async byPaymentIntent(connectedAccountId: string, paymentIntentId: string): Promise<CardPayment | null> {
    return firstOf(await this.unitOfWork.query(BY_PAYMENT_INTENT, [connectedAccountId, paymentIntentId]));
  }

  /** The attempt a payment journal was posted for (the receipt's id). */
  async byLedgerTransaction(ledgerTransactionId: string): Promise<CardPayment | null> {
    const rows = await this.unitOfWork.manager.query<CardPaymentRow[]>(`SELECT ${COLUMNS} FROM payments.card_payments WHERE ledger_transaction_id = $1`, [
      ledgerTransactionId,
    ]);
    return firstOf(rows);
  }

  /** Authorize.Net's invoice number of an attempt: how a transaction whose answer was lost finds it. */
  async byInvoiceNumber(invoiceNumber: string): Promise<CardPayment | null> {
    return firstOf(await this.unitOfWork.query(BY_INVOICE_NUMBER, [invoiceNumber]));
  }

  /**
   * Declined for good: a pending attempt only (a paid one stays paid); the same key answers the same
   * and the tenant enters the card again (a new attempt). False when it was no longer pending.
   */
  async markDeclined(
    id: string,
    decline: { failureCode: string | null; failureMessage: string; paymentIntentId?: string },
    at: Date,
  ): Promise<boolean> {
    const rows = await this.unitOfWork.query(MARK_DECLINED, [id, decline.paymentIntentId ?? null, decline.failureCode, decline.failureMessage, at]);
    return rows.length === 1;
  }

  /**
   * Runs `work` in a unit of work holding the attempt's lock, on the attempt as it then is: for a way
   * of paying whose provider has no idempotency key, so that a doubled request waits, then finds it settled.
   */
  async oneAtATime<T>(id: string, work: (attempt: CardPayment) => Promise<T>): Promise<T> {
    return this.unitOfWork.run(async (manager) => {
      // The key predates this class: attempts locked by a process still running the old name wait alike.
      await lockUntilCommit(manager, `direct-attempt:${id}`);
      const attempt = await this.byId(id);
      if (!attempt) throw new Error(`Card payment ${id} disappeared`);
      return work(attempt);
    });
  }

  /**
   * The statement that marks a bank debit sent (its clearing journal posted, the provider's ids kept),
   * the sending transaction's last, so its receipt request goes with it (Outbox.writeWithPending). It
   * returns no row when the attempt was no longer pending.
   */
  processingChange(id: string, sent: SentAttempt): OneStatementChange {
    return {
      steps: `changed AS (UPDATE payments.card_payments
          SET status = 'processing', payment_intent_id = $2, charge_id = $3, charged_at = $4, ledger_transaction_id = $5, updated_at = $6
        WHERE id = $1 AND status = 'pending'
       RETURNING id)`,
      result: 'changed',
      params: [id, sent.paymentIntentId, sent.chargeId, sent.chargedAt, sent.ledgerTransactionId, sent.updatedAt],
    };
  }

  /** A processing bank debit settled: paid, with its balance line and the processor's fee. */
  async markSettled(id: string, settled: Pick<CardPayment, 'balanceTransactionId' | 'processorFeeCents' | 'settledAt'>, at: Date): Promise<boolean> {
    const rows = await this.unitOfWork.manager.query<{ id: string }[]>(
      `WITH changed AS (UPDATE payments.card_payments
          SET status = 'succeeded', balance_transaction_id = $2, processor_fee_cents = $3, settled_at = $4, updated_at = $5
        WHERE id = $1 AND status = 'processing'
       RETURNING id) SELECT id FROM changed`,
      [id, settled.balanceTransactionId, settled.processorFeeCents, settled.settledAt, at],
    );
    return rows.length === 1;
  }

  /** A processing bank debit the bank refused: failed, with its reason. */
  async markFailed(id: string, failure: { failureCode: string; failureMessage: string }, at: Date): Promise<boolean> {
    const rows = await this.unitOfWork.manager.query<{ id: string }[]>(
      `WITH changed AS (UPDATE payments.card_payments SET status = 'failed', failure_code = $2, failure_message = $3, updated_at = $4
        WHERE id = $1 AND status = 'processing'
       RETURNING id) SELECT id FROM changed`,
      [id, failure.failureCode, failure.failureMessage, at],
    );
    return rows.length === 1;
  }

  /**
   * The statement that marks an attempt paid with what its posted charge says: the posting
   * transaction's last, so its outbox jobs go with it (Outbox.writeWithPending).
   */
  paidChange(id: string, paid: PaidAttempt): OneStatementChange {
    return {
      steps: `marked AS (${MARK_PAID_SQL} RETURNING id)`,
      result: 'marked',
      params: [
        id, paid.connectedAccountId, paid.paymentIntentId, paid.chargeId, paid.balanceTransactionId, paid.processorFeeCents,
        paid.cardBrand, paid.cardLast4, paid.chargedAt, paid.ledgerTransactionId, paid.updatedAt,
      ],
    };
  }
}
