import type { Cents } from './money';

/**
 * One journal correcting a rent payment: a refund that went through (a refund that failed is left
 * out), funds withdrawn for a dispute, given back when the dispute was won, or kept by the card
 * holder when it was lost. Amounts are positive.
 */
export type PaymentCorrection =
  | { kind: 'refund'; amountCents: Cents; occurredAt: Date; reference: string | null }
  | { kind: 'dispute' | 'dispute_won' | 'dispute_lost'; amountCents: Cents; occurredAt: Date };

export interface RefundBeforeDispute {
  amountCents: Cents;
  refundedAt: Date;
  /** The provider's refund id (`re_...`), when known. */
  reference: string | null;
}

/** A payment refunded in full or in part, then disputed, while the dispute is still open. */
export interface DisputedAfterRefund {
  /** The refunds made before the dispute opened, oldest first. */
  refunds: RefundBeforeDispute[];
  refundedCents: Cents;
  /** When the last of those refunds was made. */
  lastRefundedAt: Date;
  /** When the open dispute first took money from the landlord. */
  disputeOpenedAt: Date;
  /** What the open dispute holds from the landlord until it closes. */
  disputedCents: Cents;
  /**
   * What the card holder would get back twice if the dispute is lost: the part of the held amount
   * that was refunded already. The landlord wins it back by answering the dispute with the refund.
   */
  atRiskCents: Cents;
}

// At the same instant a refund comes before the dispute it precedes, and money is withdrawn before it is given back.
const ORDER: Record<PaymentCorrection['kind'], number> = { refund: 0, dispute: 1, dispute_won: 2, dispute_lost: 2 };

/**
 * Whether a payment is "disputed after refund": refunded (in full or in part), then disputed, and the
 * dispute has not closed. Providers let a card holder dispute a refunded charge, so the landlord is
 * down the money twice (refund and dispute) until the dispute is decided. Null otherwise: no refund,
 * no dispute holding money, or a refund made only after the open dispute began.
 */
export function disputedAfterRefundOf(corrections: readonly PaymentCorrection[]): DisputedAfterRefund | null {
  const inOrder = [...corrections].sort(
    (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || ORDER[a.kind] - ORDER[b.kind],
  );
  let heldCents = 0;
  let openedAt: Date | null = null;
  for (const correction of inOrder) {
    if (correction.kind === 'refund') continue;
    if (correction.kind === 'dispute') {
      if (heldCents === 0) openedAt = correction.occurredAt;
      heldCents += correction.amountCents;
    } else {
      heldCents = Math.max(0, heldCents - correction.amountCents);
      if (heldCents === 0) openedAt = null;
    }
  }
  if (heldCents <= 0 || !openedAt) return null;
  const opened = openedAt.getTime();
  const refunds = inOrder
    .filter((correction): correction is Extract<PaymentCorrection, { kind: 'refund' }> => correction.kind === 'refund')
    .filter((refund) => refund.occurredAt.getTime() <= opened)
    .map((refund) => ({ amountCents: refund.amountCents, refundedAt: refund.occurredAt, reference: refund.reference }));
  const refundedCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  if (refunds.length === 0 || refundedCents <= 0) return null;
  return {
    refunds,
    refundedCents,
    lastRefundedAt: refunds[refunds.length - 1].refundedAt,
    disputeOpenedAt: openedAt,
    disputedCents: heldCents,
    atRiskCents: Math.min(refundedCents, heldCents),
  };
}

/** The receipt's status word for such a payment. */
export const DISPUTED_AFTER_REFUND_STATUS = 'Disputed after refund';

/**
 * The sentence under the status on the receipt. The landlord is told what to answer; the tenant is
 * told what happened. `refundedOn` is the refund's date as the reader's calendar shows it.
 */
export function disputedAfterRefundNote(mode: 'tenant' | 'landlord', refundedOn: string): string {
  return mode === 'landlord'
    ? `This payment was refunded on ${refundedOn} and the cardholder has also disputed it. Answer the dispute with the refund's proof to get the disputed amount back.`
    : `This payment was refunded on ${refundedOn} and has also been disputed with the card's bank.`;
}
