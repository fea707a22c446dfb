import type { components } from '../app/openapi';

/** An automatic payment's state as the server says it (GET /tenant/autopay and GET /landlord/autopay). */
export type AutopayRunStatus = components['schemas']['AutopayRunDto']['status'];

type PillTone = 'success' | 'neutral' | 'danger' | 'warning';

// The words of PaymentStatusPill where they mean the same (Paid, Processing, Failed), so a month reads alike everywhere.
const PILL: Record<AutopayRunStatus, { label: string; tone: PillTone }> = {
  started: { label: 'Starting', tone: 'neutral' },
  processing: { label: 'Processing', tone: 'neutral' },
  succeeded: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  declined: { label: 'Declined', tone: 'danger' },
  nothing_due: { label: 'Nothing due', tone: 'neutral' },
  skipped: { label: 'Skipped', tone: 'neutral' },
  not_offered: { label: 'Not available', tone: 'warning' },
};

export const autopayRunStatusLabel = (status: AutopayRunStatus): string => PILL[status]?.label ?? status;

/** Green when paid, neutral while on its way or when nothing was taken, red when the bank refused it. */
export function AutopayRunPill({ status }: { status: AutopayRunStatus }) {
  const pill = PILL[status] ?? { label: status, tone: 'warning' };
  return <span className={`status-pill status-pill--${pill.tone}`}>{pill.label}</span>;
}
