import type { AuthorizeNetBatchTransaction } from '../gateways/authorize-net-gateway.port';

/** A settled batch's transaction as a payout line: signed as it moves the deposit. */
export interface AuthorizeNetBatchLine {
  transactionId: string;
  /** The payout line kinds of a Stripe payout: a payment in, a refund or a dispute out, a dispute's money back. */
  kind: 'charge' | 'refund' | 'dispute' | 'dispute_reversal';
  amountCents: number;
  /** The charge the line is about (a refund's charge): how the Payouts page finds the receipt. */
  chargeId: string;
  occurredAt: Date;
}

/** The charge a batch transaction is about: itself, or the charge a refund gives money back from. */
export const chargeOfLine = (transaction: AuthorizeNetBatchTransaction): string => transaction.refTransactionId ?? transaction.transactionId;

/**
 * A batch's lines and what it deposits: its settled charges less its refunds and the charges taken
 * back (chargebacks, returned items), plus chargebacks reversed. Transactions in a state that moves no
 * money ('other') are left out. Authorize.Net bills its fees monthly, outside the batch: no fee here.
 */
export function batchLinesOf(transactions: readonly AuthorizeNetBatchTransaction[]): { lines: AuthorizeNetBatchLine[]; netCents: number } {
  const lines: AuthorizeNetBatchLine[] = [];
  for (const transaction of transactions) {
    const line = (kind: AuthorizeNetBatchLine['kind'], sign: 1 | -1): AuthorizeNetBatchLine => ({
      transactionId: transaction.transactionId,
      kind,
      amountCents: sign * transaction.amountCents,
      chargeId: chargeOfLine(transaction),
      occurredAt: transaction.submittedAt,
    });
    if (transaction.status === 'settled') lines.push(transaction.kind === 'refund' ? line('refund', -1) : line('charge', 1));
    else if (transaction.status === 'chargeback' || transaction.status === 'returned_item') lines.push(line('dispute', -1));
    else if (transaction.status === 'chargeback_reversal') lines.push(line('dispute_reversal', 1));
  }
  return { lines, netCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
}
