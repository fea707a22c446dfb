import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { TransactionSettlement } from '@rentwise/libs/transactions-export';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { GetPaymentSettlements } from '../contracts/get-payment-settlements.query';

interface Row {
  id: string;
  method: 'card' | 'bank_debit' | null;
  bank_settled_at: Date | null;
  payout_id: string | null;
  payout_status: string | null;
  expected_arrival_at: Date | null;
}

/**
 * A journal's payout line is the balance transaction that moved its money on the landlord's provider
 * balance (as reconciliation pairs them, decision 0021): a card payment's charge, a bank payment's
 * charge on its settlement's line (its own line only sent it to clearing), a refund by its charge and
 * amount (a payout line keeps the charge, not the refund; two equal refunds of one charge may swap
 * deposits), a failed refund's refund_failure, a dispute's or a won dispute's own balance transaction
 * (its key). A failed or canceled payout paid nothing: the money goes out again in a later one.
 */
@QueryHandler(GetPaymentSettlements)
export class GetPaymentSettlementsHandler implements IQueryHandler<GetPaymentSettlements> {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute({ landlordUserId, journalIds }: GetPaymentSettlements): Promise<Map<string, TransactionSettlement>> {
    if (journalIds.length === 0) return new Map();
    const rows = await this.unitOfWork.manager.query<Row[]>(
      `WITH j AS (
         SELECT t.id, t.kind, t.idempotency_key,
                CASE WHEN t.kind = 'rent_payment' THEN t.id ELSE t.corrects_transaction_id END AS payment_id,
                (SELECT -coalesce(sum(e.amount_cents), 0) FROM payments.ledger_entries e
                  WHERE e.transaction_id = t.id AND e.account = 'tenant_card') AS provider_amount_cents
           FROM payments.ledger_transactions t
          WHERE t.id = ANY($1::uuid[]) AND t.landlord_user_id = $2)
       SELECT j.id, c.method,
              (SELECT s.occurred_at FROM payments.ledger_transactions s
                WHERE s.corrects_transaction_id = j.payment_id AND s.kind = 'bank_debit_settled' LIMIT 1) AS bank_settled_at,
              d.payout_id, d.status AS payout_status, d.expected_arrival_at
         FROM j
         LEFT JOIN payments.card_payments c ON c.ledger_transaction_id = j.payment_id
         LEFT JOIN LATERAL (
           SELECT p.payout_id, p.status, p.expected_arrival_at
             FROM payments.payouts p JOIN payments.payout_lines l ON l.payout_row_id = p.id
            WHERE p.connected_account_id = c.connected_account_id AND p.status NOT IN ('failed', 'canceled')
              AND ((l.kind = 'charge' AND l.charge_id = c.charge_id
                    AND (j.kind = 'bank_debit_settled' OR (j.kind = 'rent_payment' AND c.method IS DISTINCT FROM 'bank_debit')))
                OR (j.kind = 'refund' AND l.kind = 'refund' AND l.charge_id = c.charge_id AND l.amount_cents = j.provider_amount_cents)
                OR (j.kind = 'correction' AND l.kind = 'refund_failure' AND l.charge_id = c.charge_id)
                OR (j.kind IN ('dispute', 'dispute_won') AND j.idempotency_key LIKE 'dispute-txn:%'
                    AND l.balance_transaction_id = split_part(j.idempotency_key, '/', 2)))
            ORDER BY p.initiated_at
            LIMIT 1) d ON true`,
      [journalIds, landlordUserId],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          method: row.method,
          bankSettledAt: row.bank_settled_at?.toISOString() ?? null,
          deposit: row.payout_id
            ? { payoutId: row.payout_id, arrivedAt: row.payout_status === 'paid' && row.expected_arrival_at ? row.expected_arrival_at.toISOString() : null }
            : null,
        },
      ]),
    );
  }
}
