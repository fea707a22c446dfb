import type { PaymentStatus } from './paymentsApi';

const LABEL: Record<PaymentStatus, string> = { succeeded: 'Paid', refunded: 'Refunded', disputed: 'Disputed' };

/** A history row's status in words, as its receipt says it. */
export const paymentStatusLabel = (status: PaymentStatus): string => LABEL[status];

/** Colour carries meaning: green for paid, amber when money went back or is contested. */
export function PaymentStatusPill({ label }: { label: string }) {
  const tone = label === LABEL.succeeded ? 'success' : 'warning';
  return <span className={`status-pill status-pill--${tone}`}>{label}</span>;
}
