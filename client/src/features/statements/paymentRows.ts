import type { StatementPayment } from '../../app/landlordStatementApi';

/** How a bank payment stands on its row, its bank's answer folded in; null on every other row. */
export type BankPaymentState = 'processing' | 'settled' | 'failed';

export interface PaymentRow extends StatementPayment {
  bankState: BankPaymentState | null;
}

const BANK_ANSWERS: ReadonlySet<StatementPayment['kind']> = new Set(['bank_debit_settled', 'bank_debit_failed']);

/**
 * One row per payment on a month's page. A bank payment's settlement or failure is a statement line
 * of its own (decision 0037), which the statement lists; here it is folded into the row of the payment
 * it answers (same receipt), so the landlord reads one payment and how it stands now, not a payment
 * still marked Processing and its settlement beside it. An answer whose payment is not in the list
 * stays a row of its own.
 */
export function paymentRows(payments: readonly StatementPayment[]): PaymentRow[] {
  const rows: PaymentRow[] = payments.map((payment) => ({
    ...payment,
    bankState: payment.kind === 'rent_payment' && payment.processingCents > 0 ? 'processing' : null,
  }));
  const paymentsByReceipt = new Map(rows.filter((row) => row.kind === 'rent_payment').map((row) => [row.receiptId, row]));
  return rows.filter((row) => {
    const payment = BANK_ANSWERS.has(row.kind) ? paymentsByReceipt.get(row.receiptId) : undefined;
    if (!payment) return true;
    payment.grossCents += row.grossCents;
    payment.platformFeeCents += row.platformFeeCents;
    payment.receivedCents += row.receivedCents;
    payment.processingCents += row.processingCents;
    payment.processorFeeCents += row.processorFeeCents;
    payment.bankState = row.kind === 'bank_debit_settled' ? 'settled' : 'failed';
    payment.failureReason = row.failureReason ?? payment.failureReason;
    return false;
  });
}
