import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { OneStatementChange } from '../../../infrastructure/outbox/outbox';
import type { CardPayment } from './card-payment.entity';

// The card payment statements every payment request and every provider event about a charge runs,
// prepared (but for the mark, which carries its transaction's outbox jobs): TypeORM's query building
// and entity mapping were a fifth of a webhook worker's CPU.

type CentsColumn = 'amountCents' | 'processingFeeCents' | 'chargedCents' | 'applicationFeeCents' | 'processorFeeCents';
/** As PostgreSQL answers: bigint cents arrive as strings. */
type CardPaymentRow = Omit<CardPayment, CentsColumn> & Record<Exclude<CentsColumn, 'processorFeeCents'>, string> & { processorFeeCents: string | null };

const COLUMNS = `id, idempotency_key AS "idempotencyKey", input_hash AS "inputHash", status, invoice_number AS "invoiceNumber",
  tenant_user_id AS "tenantUserId", landlord_user_id AS "landlordUserId", property_id AS "propertyId", amount_cents AS "amountCents",
  processing_fee_cents AS "processingFeeCents", charged_cents AS "chargedCents", application_fee_cents AS "applicationFeeCents",
  description, provider, connected_account_id AS "connectedAccountId", payment_method_id AS "paymentMethodId",
  payment_intent_id AS "paymentIntentId", charge_id AS "chargeId", balance_transaction_id AS "balanceTransactionId",
  processor_fee_cents AS "processorFeeCents", card_brand AS "cardBrand", card_last4 AS "cardLast4", failure_code AS "failureCode",
  failure_message AS "failureMessage", charged_at AS "chargedAt", ledger_transaction_id AS "ledgerTransactionId",
  client_address AS "clientAddress", created_at AS "createdAt", updated_at AS "updatedAt"`;

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
  idempotencyKey: string, inputHash: string, status: CardPayment['status'], invoiceNumber: string | null, tenantUserId: string,
  landlordUserId: string, propertyId: string, amountCents: number, processingFeeCents: number, chargedCents: number,
  applicationFeeCents: number, description: string, provider: string, connectedAccountId: string, paymentMethodId: string,
  paymentIntentId: string | null, chargeId: string | null, balanceTransactionId: string | null, processorFeeCents: number | null,
  cardBrand: string | null, cardLast4: string | null, failureCode: string | null, failureMessage: string | null,
  chargedAt: Date | null, ledgerTransactionId: string | null, createdAt: Date, updatedAt: Date, clientAddress: string | null,
];
/**
 * A new attempt on the card form's gateway (Stripe's), unless an operator has moved the landlord to
 * the direct gateway since the page loaded, or a doubled request stored the key a moment earlier: no
 * row either way. The gateway is asked in the insert itself, one round trip fewer on every payment.
 */
const INSERT_ATTEMPT = preparedStatement<{ id: string }, AttemptValues>(
  'payments.insert-card-payment',
  `INSERT INTO payments.card_payments (idempotency_key, input_hash, status, invoice_number, tenant_user_id, landlord_user_id,
     property_id, amount_cents, processing_fee_cents, charged_cents, application_fee_cents, description, provider,
     connected_account_id, payment_method_id, payment_intent_id, charge_id, balance_transaction_id, processor_fee_cents,
     card_brand, card_last4, failure_code, failure_message, charged_at, ledger_transaction_id, created_at, updated_at, client_address)
   SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28
    WHERE NOT EXISTS (SELECT 1 FROM payments.landlord_card_gateways WHERE landlord_user_id = $6 AND gateway <> 'stripe')
   ON CONFLICT DO NOTHING
   RETURNING id`,
);

/** What a posted charge writes on its attempt. */
export type PaidAttempt = Pick<
  CardPayment,
  | 'connectedAccountId' | 'paymentIntentId' | 'chargeId' | 'balanceTransactionId' | 'processorFeeCents' | 'cardBrand' | 'cardLast4'
  | 'chargedAt' | 'ledgerTransactionId' | 'updatedAt'
>;
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
    applicationFeeCents: Number(row.applicationFeeCents),
    processorFeeCents: row.processorFeeCents === null ? null : Number(row.processorFeeCents),
  };
}

const firstOf = (rows: CardPaymentRow[]): CardPayment | null => (rows[0] ? cardPaymentOf(rows[0]) : null);

// Each in the running unit of work if any.

/** The attempt stored under a payment request's idempotency key. */
export async function cardPaymentByKey(unitOfWork: UnitOfWork, idempotencyKey: string): Promise<CardPayment | null> {
  return firstOf(await unitOfWork.query(BY_IDEMPOTENCY_KEY, [idempotencyKey]));
}

export async function cardPaymentById(unitOfWork: UnitOfWork, id: string): Promise<CardPayment | null> {
  return firstOf(await unitOfWork.query(BY_ID, [id]));
}

export async function cardPaymentByCharge(unitOfWork: UnitOfWork, connectedAccountId: string, chargeId: string): Promise<CardPayment | null> {
  return firstOf(await unitOfWork.query(BY_CHARGE, [connectedAccountId, chargeId]));
}

export async function cardPaymentByPaymentIntent(
  unitOfWork: UnitOfWork,
  connectedAccountId: string,
  paymentIntentId: string,
): Promise<CardPayment | null> {
  return firstOf(await unitOfWork.query(BY_PAYMENT_INTENT, [connectedAccountId, paymentIntentId]));
}

/**
 * Stores a new card-form attempt; its id, or null when the key was stored first by a doubled request
 * or the landlord no longer takes cards through the card form (CardGateways tells which).
 */
export async function insertCardPayment(unitOfWork: UnitOfWork, attempt: Omit<CardPayment, 'id'>): Promise<string | null> {
  const [row] = await unitOfWork.query(INSERT_ATTEMPT, [
    attempt.idempotencyKey, attempt.inputHash, attempt.status, attempt.invoiceNumber, attempt.tenantUserId,
    attempt.landlordUserId, attempt.propertyId, attempt.amountCents, attempt.processingFeeCents, attempt.chargedCents,
    attempt.applicationFeeCents, attempt.description, attempt.provider, attempt.connectedAccountId, attempt.paymentMethodId,
    attempt.paymentIntentId, attempt.chargeId, attempt.balanceTransactionId, attempt.processorFeeCents,
    attempt.cardBrand, attempt.cardLast4, attempt.failureCode, attempt.failureMessage,
    attempt.chargedAt, attempt.ledgerTransactionId, attempt.createdAt, attempt.updatedAt, attempt.clientAddress,
  ]);
  return row?.id ?? null;
}

/**
 * The statement that marks an attempt paid with what its posted charge says: the posting transaction's last,
 * so its outbox jobs go with it (Outbox.writeWithPending).
 */
export function cardPaymentPaidChange(id: string, paid: PaidAttempt): OneStatementChange {
  return {
    steps: `marked AS (${MARK_PAID_SQL} RETURNING id)`,
    result: 'marked',
    params: [
      id, paid.connectedAccountId, paid.paymentIntentId, paid.chargeId, paid.balanceTransactionId, paid.processorFeeCents,
      paid.cardBrand, paid.cardLast4, paid.chargedAt, paid.ledgerTransactionId, paid.updatedAt,
    ],
  };
}
