import { Injectable } from '@nestjs/common';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

/** What the provider said of a refund: requested is stored, not yet answered (or its answer was lost). */
export type RefundStatus = 'requested' | 'pending' | 'succeeded' | 'failed';

/** A refund the landlord asked for, stored with its key before the provider is called (payments.refunds). */
export interface RefundAttempt {
  id: string;
  paymentTransactionId: string;
  landlordUserId: string;
  idempotencyKey: string;
  amountCents: number;
  reason: string;
  /** A void (Authorize.Net, before settlement: all of it) or a refund. */
  way: 'refund' | 'void';
  status: RefundStatus;
  /** As the ledger's refund journal names it: `acct_.../re_...`, `anet:<login>/<transId>`. */
  providerReference: string | null;
  failureMessage: string | null;
  requestedAt: Date;
}

interface Row {
  id: string;
  payment_transaction_id: string;
  landlord_user_id: string;
  idempotency_key: string;
  amount_cents: string;
  reason: string;
  way: 'refund' | 'void';
  status: RefundStatus;
  provider_reference: string | null;
  failure_message: string | null;
  requested_at: Date;
}

const toAttempt = (row: Row): RefundAttempt => ({
  id: row.id,
  paymentTransactionId: row.payment_transaction_id,
  landlordUserId: row.landlord_user_id,
  idempotencyKey: row.idempotency_key,
  amountCents: Number(row.amount_cents),
  reason: row.reason,
  way: row.way,
  status: row.status,
  providerReference: row.provider_reference,
  failureMessage: row.failure_message,
  requestedAt: row.requested_at,
});

/**
 * What a payment's refunds hold of it beyond its refund journals (`t` is the payment's row): refunds
 * asked for and not answered, or answered and not yet in the ledger. Added to the journals' refunds,
 * two concurrent refunds can never give back more than the payment charged.
 */
export const REFUNDS_NOT_IN_LEDGER_SQL = `(SELECT coalesce(sum(a.amount_cents), 0) FROM payments.refunds a
    WHERE a.payment_transaction_id = t.id AND a.status IN ('requested', 'pending', 'succeeded')
      AND NOT EXISTS (SELECT 1 FROM payments.ledger_transactions r
                       WHERE r.corrects_transaction_id = t.id AND r.kind = 'refund' AND r.provider_reference = a.provider_reference))`;

const BY_KEY = preparedStatement<Row, [landlordUserId: string, idempotencyKey: string]>(
  'payments.refund-by-key',
  `SELECT * FROM payments.refunds WHERE landlord_user_id = $1 AND idempotency_key = $2`,
);

const BY_ID = preparedStatement<Row, [id: string]>('payments.refund-by-id', `SELECT * FROM payments.refunds WHERE id = $1`);

const INSERT = preparedStatement<Row, [string, string, string, string, number, string, string, Date]>(
  'payments.insert-refund',
  `INSERT INTO payments.refunds
     (id, payment_transaction_id, landlord_user_id, idempotency_key, amount_cents, reason, way, status, requested_at, updated_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, 'requested', $8, $8)
   RETURNING *`,
);

/** From requested only: the first answer written wins, and a retry's answer changes nothing. */
const ANSWER = preparedStatement<Row, [id: string, status: RefundStatus, providerReference: string | null, failureMessage: string | null, at: Date]>(
  'payments.answer-refund',
  `UPDATE payments.refunds SET status = $2, provider_reference = $3, failure_message = $4, updated_at = $5
    WHERE id = $1 AND status = 'requested'
   RETURNING *`,
);

/** The one owner of payments.refunds. */
@Injectable()
export class RefundAttempts {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async byKey(landlordUserId: string, idempotencyKey: string): Promise<RefundAttempt | null> {
    const [row] = await this.unitOfWork.query(BY_KEY, [landlordUserId, idempotencyKey]);
    return row ? toAttempt(row) : null;
  }

  async byId(id: string): Promise<RefundAttempt | null> {
    const [row] = await this.unitOfWork.query(BY_ID, [id]);
    return row ? toAttempt(row) : null;
  }

  async store(attempt: Pick<RefundAttempt, 'id' | 'paymentTransactionId' | 'landlordUserId' | 'idempotencyKey' | 'amountCents' | 'reason' | 'way' | 'requestedAt'>): Promise<RefundAttempt> {
    const [row] = await this.unitOfWork.query(INSERT, [
      attempt.id,
      attempt.paymentTransactionId,
      attempt.landlordUserId,
      attempt.idempotencyKey,
      attempt.amountCents,
      attempt.reason,
      attempt.way,
      attempt.requestedAt,
    ]);
    return toAttempt(row);
  }

  /** The provider's answer, once: null when another request wrote it first. */
  async answer(id: string, answer: { status: Exclude<RefundStatus, 'requested'>; providerReference: string | null; failureMessage: string | null }, at: Date): Promise<RefundAttempt | null> {
    const [row] = await this.unitOfWork.query(ANSWER, [id, answer.status, answer.providerReference, answer.failureMessage, at]);
    return row ? toAttempt(row) : null;
  }
}
