/** How many journals of each kind correct one payment (a refund that failed does not count as a refund). */
export interface PaymentCorrections {
  refunds: number;
  disputes: number;
  disputesWon: number;
}

/**
 * A payment's status on receipts and histories: disputed while a dispute is open or after it was
 * lost, refunded once a refund went through, paid otherwise (a won dispute leaves it paid).
 */
export function paymentStatusOf({ refunds, disputes, disputesWon }: PaymentCorrections): 'succeeded' | 'refunded' | 'disputed' {
  if (disputes > disputesWon) return 'disputed';
  if (refunds > 0) return 'refunded';
  return 'succeeded';
}

/** The receipt's word for it. */
export const RECEIPT_STATUS_WORDS = { succeeded: 'Paid', refunded: 'Refunded', disputed: 'Disputed' } as const;

/** SQL columns counting a payment's corrections (`t` is the payment's ledger_transactions row). */
export const PAYMENT_CORRECTIONS_SQL = `
  (SELECT count(*)::int FROM payments.ledger_transactions r
    WHERE r.corrects_transaction_id = t.id AND r.kind = 'refund'
      AND NOT EXISTS (SELECT 1 FROM payments.ledger_transactions f
                       WHERE f.corrects_transaction_id = r.id AND f.kind = 'correction')) AS refunds,
  (SELECT count(*)::int FROM payments.ledger_transactions d
    WHERE d.corrects_transaction_id = t.id AND d.kind = 'dispute') AS disputes,
  (SELECT count(*)::int FROM payments.ledger_transactions w
    WHERE w.corrects_transaction_id = t.id AND w.kind = 'dispute_won') AS disputes_won`;
