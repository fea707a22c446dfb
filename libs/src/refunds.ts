import { formatCents, type Cents } from './money';
import { MESSAGES, refundAboveLeftMessage } from './messages';

/**
 * A landlord refunds a payment from its receipt (decision 0044). The refund comes out of the
 * landlord's balance in full: our platform fee is kept (Stripe's `refund_application_fee` is not
 * set) and the processor keeps its own fee, so a refund costs the landlord more than the tenant
 * gets back of what the landlord received. These rules are what the form shows before Confirm and
 * what the server checks.
 */

export const REFUND_REASON_MAX_LENGTH = 500;

/** One payment as a refund reads it. */
export interface RefundablePayment {
  /** What left the tenant: the rent and the tenant's fee. */
  chargedCents: Cents;
  /** Refunds that went through or are on their way, including ones asked for and not yet answered. */
  refundedCents: Cents;
  /** Our platform fee on the payment: kept. */
  platformFeeCents: Cents;
  /** The processor's fee on the landlord's account (Stripe's card or ACH fee): kept; null when not the landlord's or not known. */
  processorFeeCents: Cents | null;
}

export function leftToRefundCents(payment: Pick<RefundablePayment, 'chargedCents' | 'refundedCents'>): Cents {
  return Math.max(0, payment.chargedCents - payment.refundedCents);
}

/** A payment's status as receipts say it (the server's PaymentStatus). */
export type RefundablePaymentStatus = 'processing' | 'succeeded' | 'refunded' | 'partly_refunded' | 'disputed' | 'failed' | 'recorded' | 'voided';

/**
 * Why the payment cannot be refunded at all now (a message for the landlord), or null: a bank payment
 * only once it settled, never a failed or disputed one (the dispute decides where the money goes), nor
 * rent the landlord recorded, nor a payment with nothing left or made outside Rentwise's payment screen.
 */
export function refundRefusal(status: RefundablePaymentStatus, throughRentwise: boolean, leftCents: Cents): string | null {
  switch (status) {
    case 'recorded':
    case 'voided':
      return MESSAGES.refundRecordedPayment;
    case 'failed':
      return MESSAGES.refundFailedPayment;
    case 'processing':
      return MESSAGES.refundBankNotSettled;
    case 'disputed':
      return MESSAGES.refundDisputed;
    default:
      if (!throughRentwise) return MESSAGES.refundNotThroughRentwise;
      return leftCents > 0 ? null : MESSAGES.refundFullyRefunded;
  }
}

/** Why this amount cannot be refunded (a message for the landlord), or null when it can. */
export function refundAmountProblem(amountCents: Cents, payment: Pick<RefundablePayment, 'chargedCents' | 'refundedCents'>): string | null {
  const left = leftToRefundCents(payment);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > left) return refundAboveLeftMessage(left);
  return null;
}

export interface RefundCost {
  /** What goes back to the tenant's card or bank account. */
  tenantGetsCents: Cents;
  /** What leaves the landlord's balance for it: all of it. */
  landlordPaysCents: Cents;
  platformFeeKeptCents: Cents;
  processorFeeKeptCents: Cents | null;
  /**
   * What the payment leaves the landlord once this refund is made: what they received (the charge
   * less both fees) less every refund. Negative when refunding costs them more than they received.
   */
  paymentLeavesLandlordCents: Cents;
}

export function refundCost(amountCents: Cents, payment: RefundablePayment): RefundCost {
  const received = payment.chargedCents - payment.platformFeeCents - (payment.processorFeeCents ?? 0);
  return {
    tenantGetsCents: amountCents,
    landlordPaysCents: amountCents,
    platformFeeKeptCents: payment.platformFeeCents,
    processorFeeKeptCents: payment.processorFeeCents,
    paymentLeavesLandlordCents: received - payment.refundedCents - amountCents,
  };
}

/**
 * The cost in words, shown before the landlord confirms: 'The tenant gets $100.00 back. Your balance
 * pays $100.00. Fees are not returned: the processor fee of $44.00 and the platform fee of $6.99 stay
 * paid. After this refund, this payment leaves you $1,356.00.'
 */
export function refundCostText(cost: RefundCost): string {
  const amount = formatCents(cost.tenantGetsCents);
  const fees = [
    ...(cost.processorFeeKeptCents ? [`the processor fee of ${formatCents(cost.processorFeeKeptCents)}`] : []),
    ...(cost.platformFeeKeptCents ? [`the platform fee of ${formatCents(cost.platformFeeKeptCents)}`] : []),
  ];
  const feeText = fees.length === 0 ? '' : ` Fees are not returned: ${fees.join(' and ')} ${fees.length === 1 ? 'stays' : 'stay'} paid.`;
  const after = cost.paymentLeavesLandlordCents;
  const afterText =
    after >= 0
      ? `After this refund, this payment leaves you ${formatCents(after)}.`
      : `After this refund, this payment costs you ${formatCents(-after)}.`;
  return `The tenant gets ${amount} back. Your balance pays ${amount}.${feeText} ${afterText}`;
}

/** The tenant's email: 'Your landlord refunded $100.00 of your payment of $1,506.99 on Apr 3, 2026: Overcharged for April.' */
export function refundEmailSentence(refundedCents: Cents, chargedCents: Cents, paidOn: string, reason: string): string {
  return `Your landlord refunded ${formatCents(refundedCents)} of your payment of ${formatCents(chargedCents)} on ${paidOn}: ${reason}`;
}
