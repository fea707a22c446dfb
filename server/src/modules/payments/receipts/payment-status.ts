/**
 * What corrects one payment, counted (a refund that failed does not count as a refund), and whether
 * it is a bank debit (its journal put the money in bank_debit_clearing, decision 0037) or rent the
 * landlord recorded (decision 0043).
 */
export interface PaymentCorrections {
  /** Paid outside Rentwise and recorded by the landlord: a `recorded_payment` journal. */
  recorded: boolean;
  recordedVoids: number;
  refunds: number;
  /** What those refunds gave back, against what the payment charged: all of it, or part (decision 0044). */
  refundedCents: number;
  chargedCents: number;
  disputes: number;
  disputesWon: number;
  /** The payment's journal moved money into bank_debit_clearing: a bank debit. */
  bankDebit: boolean;
  bankDebitsSettled: number;
  bankDebitsFailed: number;
}

export type PaymentStatus = 'processing' | 'succeeded' | 'refunded' | 'partly_refunded' | 'disputed' | 'failed' | 'recorded' | 'voided';

/**
 * A payment's status on receipts and histories. Rent the landlord recorded is recorded, or voided
 * once they voided it (nothing else can follow: no provider carried it). A bank debit is processing
 * until its bank answers, and failed once the bank refused it (nothing else can follow a failure).
 * Otherwise disputed while a dispute is open or after it was lost (a return after settlement is a
 * dispute), refunded once refunds gave all of it back (partly refunded while they gave back less),
 * paid otherwise (a won dispute leaves it paid).
 */
export function paymentStatusOf({
  recorded,
  recordedVoids,
  refunds,
  refundedCents,
  chargedCents,
  disputes,
  disputesWon,
  bankDebit,
  bankDebitsSettled,
  bankDebitsFailed,
}: PaymentCorrections): PaymentStatus {
  if (recorded) return recordedVoids > 0 ? 'voided' : 'recorded';
  if (bankDebitsFailed > 0) return 'failed';
  if (bankDebit && bankDebitsSettled === 0) return 'processing';
  if (disputes > disputesWon) return 'disputed';
  if (refunds > 0) return refundedCents >= chargedCents ? 'refunded' : 'partly_refunded';
  return 'succeeded';
}

/** The receipt's word for it. */
export const RECEIPT_STATUS_WORDS = {
  processing: 'Processing',
  succeeded: 'Paid',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
  disputed: 'Disputed',
  failed: 'Failed',
  recorded: 'Recorded by landlord',
  voided: 'Voided',
} as const satisfies Record<PaymentStatus, string>;

/** SQL columns counting a payment's corrections (`t` is the payment's ledger_transactions row). */
export const PAYMENT_CORRECTIONS_SQL = `
  t.kind = 'recorded_payment' AS recorded,
  (SELECT count(*)::int FROM payments.ledger_transactions v
    WHERE v.corrects_transaction_id = t.id AND v.kind = 'recorded_payment_void') AS recorded_voids,
  (SELECT count(*)::int FROM payments.ledger_transactions r
    WHERE r.corrects_transaction_id = t.id AND r.kind = 'refund'
      AND NOT EXISTS (SELECT 1 FROM payments.ledger_transactions f
                       WHERE f.corrects_transaction_id = r.id AND f.kind = 'correction')) AS refunds,
  (SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_transactions r
     JOIN payments.ledger_entries e ON e.transaction_id = r.id AND e.account = 'tenant_card'
    WHERE r.corrects_transaction_id = t.id AND r.kind = 'refund'
      AND NOT EXISTS (SELECT 1 FROM payments.ledger_transactions f
                       WHERE f.corrects_transaction_id = r.id AND f.kind = 'correction')) AS refunded_cents,
  -(SELECT coalesce(sum(e.amount_cents), 0) FROM payments.ledger_entries e
     WHERE e.transaction_id = t.id AND e.account = 'tenant_card') AS payment_charged_cents,
  (SELECT count(*)::int FROM payments.ledger_transactions d
    WHERE d.corrects_transaction_id = t.id AND d.kind = 'dispute') AS disputes,
  (SELECT count(*)::int FROM payments.ledger_transactions w
    WHERE w.corrects_transaction_id = t.id AND w.kind = 'dispute_won') AS disputes_won,
  EXISTS (SELECT 1 FROM payments.ledger_entries b
           WHERE b.transaction_id = t.id AND b.account = 'bank_debit_clearing') AS bank_debit,
  (SELECT count(*)::int FROM payments.ledger_transactions s
    WHERE s.corrects_transaction_id = t.id AND s.kind = 'bank_debit_settled') AS bank_debits_settled,
  (SELECT count(*)::int FROM payments.ledger_transactions x
    WHERE x.corrects_transaction_id = t.id AND x.kind = 'bank_debit_failed') AS bank_debits_failed`;

/** The columns PAYMENT_CORRECTIONS_SQL adds to a row. */
export interface PaymentCorrectionColumns {
  recorded: boolean;
  recorded_voids: number;
  refunds: number;
  /** bigint, as text. */
  refunded_cents: string;
  payment_charged_cents: string;
  disputes: number;
  disputes_won: number;
  bank_debit: boolean;
  bank_debits_settled: number;
  bank_debits_failed: number;
}

export function paymentCorrectionsOf(row: PaymentCorrectionColumns): PaymentCorrections {
  return {
    recorded: row.recorded,
    recordedVoids: row.recorded_voids,
    refunds: row.refunds,
    refundedCents: Number(row.refunded_cents),
    chargedCents: Number(row.payment_charged_cents),
    disputes: row.disputes,
    disputesWon: row.disputes_won,
    bankDebit: row.bank_debit,
    bankDebitsSettled: row.bank_debits_settled,
    bankDebitsFailed: row.bank_debits_failed,
  };
}
