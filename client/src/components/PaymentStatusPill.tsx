import type { components } from '../app/openapi';

/** A payment's state as the server says it: Processing and Failed are bank debits'. */
export type PaymentStatus = components['schemas']['PaymentRowDto']['status'];

const LABEL: Record<PaymentStatus, string> = {
  succeeded: 'Paid',
  processing: 'Processing',
  failed: 'Failed',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/** A payment's status in words, as its receipt says it (history, receipt, the tenant dashboard). */
export const paymentStatusLabel = (status: PaymentStatus): string => LABEL[status];

type PillTone = 'success' | 'neutral' | 'danger' | 'warning';

function toneOf(label: string): PillTone {
  if (label === LABEL.succeeded) return 'success';
  if (label === LABEL.processing) return 'neutral';
  if (label === LABEL.failed) return 'danger';
  return 'warning';
}

/**
 * Colour carries meaning: green for paid, neutral while a bank debit is on its way, red when it
 * failed, amber when money went back or is contested.
 */
export function PaymentStatusPill({ label }: { label: string }) {
  return <span className={`status-pill status-pill--${toneOf(label)}`}>{label}</span>;
}
