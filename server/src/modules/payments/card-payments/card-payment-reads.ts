import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { CardPayment } from './card-payment.entity';

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
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Every card payment request starts here (unique idempotency_key). */
const BY_IDEMPOTENCY_KEY = preparedStatement<CardPaymentRow, [idempotencyKey: string]>(
  'payments.card-payment-by-key',
  `SELECT ${COLUMNS} FROM payments.card_payments WHERE idempotency_key = $1`,
);

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

/** The attempt stored under a payment request's idempotency key, in the running unit of work if any. */
export async function cardPaymentByKey(unitOfWork: UnitOfWork, idempotencyKey: string): Promise<CardPayment | null> {
  const [row] = await unitOfWork.query(BY_IDEMPOTENCY_KEY, [idempotencyKey]);
  return row ? cardPaymentOf(row) : null;
}
