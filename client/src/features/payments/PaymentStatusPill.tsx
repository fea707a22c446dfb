import type { PaymentStatus } from './paymentsApi';

const LABEL: Record<PaymentStatus, string> = { succeeded: 'Succeeded', refunded: 'Refunded', disputed: 'Disputed' };
const TONE: Record<PaymentStatus, string> = { succeeded: 'success', refunded: 'warning', disputed: 'warning' };

export const paymentStatusLabel = (status: PaymentStatus): string => LABEL[status];

/** Colour carries meaning: green for paid, amber when money went back or is contested. */
export function PaymentStatusPill({ status }: { status: PaymentStatus }) {
  return <span className={`status-pill status-pill--${TONE[status]}`}>{LABEL[status]}</span>;
}
