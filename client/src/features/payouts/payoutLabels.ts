import type { PayoutLine, PayoutStatus } from './payoutsApi';

const STATUS: Record<PayoutStatus, { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  paid: { label: 'Paid', tone: 'success' },
  in_transit: { label: 'On its way', tone: 'neutral' },
  pending: { label: 'Pending', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'danger' },
  canceled: { label: 'Canceled', tone: 'danger' },
};

/** A deposit's status in words, and the colour that carries its meaning. */
export const payoutStatusOf = (status: PayoutStatus) => STATUS[status];

/**
 * What a line of a deposit is, in the landlord's words. The provider's balance transaction kinds:
 * charge (a rent payment), refund, refund_failure, dispute (funds withdrawn), dispute_reversal (won).
 * How the payment was paid ('Visa •••• 4242', 'Bank payment •••• 6789') is the line's `paidWith`.
 */
export function lineTitle(line: PayoutLine): string {
  const tenant = line.tenantName ?? 'a tenant';
  switch (line.kind) {
    case 'charge':
    case 'payment':
      return line.tenantName ?? 'Rent payment';
    case 'refund':
      return `Refund to ${tenant}`;
    case 'refund_failure':
      return `Refund to ${tenant} returned`;
    case 'dispute':
      // A bank payment returned after it settled comes as a dispute, final at once (decision 0037).
      return line.method === 'bank_debit' ? `Bank payment returned: ${tenant}` : `Dispute by ${tenant}`;
    case 'dispute_reversal':
      return `Dispute won: ${tenant}`;
    default:
      return 'Adjustment';
  }
}
