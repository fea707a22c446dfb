import { Injectable } from '@nestjs/common';
import { disputedAfterRefundOf, type DisputedAfterRefund, type PaymentCorrection } from '@rentwise/libs/disputed-after-refund';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import type { DisputedAfterRefundView } from '../receipts/receipt-view';

interface CorrectionRow {
  payment_id: string;
  kind: PaymentCorrection['kind'];
  occurred_at: Date;
  provider_reference: string | null;
  amount_cents: string;
}

/**
 * The refunds (less those that failed) and dispute movements correcting some payments, by the
 * corrections index: a refund's amount is what went back to the card, a dispute's what it held or
 * released.
 */
const CORRECTIONS = preparedStatement<CorrectionRow, [paymentIds: string[]]>(
  'payments.refund-and-dispute-corrections',
  `SELECT c.corrects_transaction_id AS payment_id, c.kind, c.occurred_at, c.provider_reference,
          (SELECT coalesce(abs(sum(e.amount_cents)), 0) FROM payments.ledger_entries e
            WHERE e.transaction_id = c.id AND e.account = CASE WHEN c.kind = 'refund' THEN 'tenant_card' ELSE 'disputed' END) AS amount_cents
     FROM payments.ledger_transactions c
    WHERE c.corrects_transaction_id = ANY($1::uuid[])
      AND c.kind IN ('refund', 'dispute', 'dispute_won', 'dispute_lost')
      AND NOT EXISTS (SELECT 1 FROM payments.ledger_transactions f
                       WHERE f.corrects_transaction_id = c.id AND f.kind = 'correction')
    ORDER BY c.occurred_at, c.recorded_at, c.id`,
);

/** `acct_1/re_2` -> `re_2`: the provider's own id, as the landlord finds it in the provider's dashboard. */
const providerIdOf = (reference: string | null): string | null => (reference ? reference.slice(reference.lastIndexOf('/') + 1) : null);

/** The rule's answer as the API gives it (ISO dates, the last refund's date). */
export const disputedAfterRefundView = (flag: DisputedAfterRefund): DisputedAfterRefundView => ({
  refundedCents: flag.refundedCents,
  refundedAt: flag.lastRefundedAt.toISOString(),
  disputeOpenedAt: flag.disputeOpenedAt.toISOString(),
  disputedCents: flag.disputedCents,
  atRiskCents: flag.atRiskCents,
});

/** Reads payments' refunds and disputes from the ledger and says which are disputed after a refund. */
@Injectable()
export class PaymentCorrectionsReader {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** Each payment that is disputed after a refund, by its journal id; the others are left out. */
  async disputedAfterRefund(paymentIds: readonly string[]): Promise<Map<string, DisputedAfterRefund>> {
    const flagged = new Map<string, DisputedAfterRefund>();
    if (paymentIds.length === 0) return flagged;
    const byPayment = new Map<string, PaymentCorrection[]>();
    for (const row of await this.unitOfWork.query(CORRECTIONS, [[...new Set(paymentIds)]])) {
      const amountCents = Number(row.amount_cents);
      const correction: PaymentCorrection =
        row.kind === 'refund'
          ? { kind: 'refund', amountCents, occurredAt: row.occurred_at, reference: providerIdOf(row.provider_reference) }
          : { kind: row.kind, amountCents, occurredAt: row.occurred_at };
      byPayment.set(row.payment_id, [...(byPayment.get(row.payment_id) ?? []), correction]);
    }
    for (const [paymentId, corrections] of byPayment) {
      const flag = disputedAfterRefundOf(corrections);
      if (flag) flagged.set(paymentId, flag);
    }
    return flagged;
  }
}
