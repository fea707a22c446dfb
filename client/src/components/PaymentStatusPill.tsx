import type { components } from '../app/openapi';

/** A payment's state as the server says it: Processing and Failed are bank debits', Recorded and Voided a landlord's record's. */
export type PaymentStatus = components['schemas']['PaymentRowDto']['status'];

const LABEL: Record<PaymentStatus, string> = {
  succeeded: 'Paid',
  processing: 'Processing',
  failed: 'Failed',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
  disputed: 'Disputed',
  recorded: 'Recorded by landlord',
  voided: 'Voided',
};

/** A payment's status in words, as its receipt says it (history, receipt, the tenant dashboard). */
export const paymentStatusLabel = (status: PaymentStatus): string => LABEL[status];

type PillTone = 'success' | 'neutral' | 'danger' | 'warning';

function toneOf(label: string): PillTone {
  if (label === LABEL.succeeded || label === LABEL.recorded) return 'success';
  if (label === LABEL.processing || label === LABEL.voided) return 'neutral';
  if (label === LABEL.failed) return 'danger';
  return 'warning';
}

/**
 * Colour carries meaning: green for paid (a landlord's record of cash or a check too), neutral while a
 * bank debit is on its way or for a record the landlord voided, red when it failed, amber when money
 * went back or is contested.
 */
export function PaymentStatusPill({ label }: { label: string }) {
  return <span className={`status-pill status-pill--${toneOf(label)}`}>{label}</span>;
}
