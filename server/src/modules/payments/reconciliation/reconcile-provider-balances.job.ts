import type { JobSchedule } from '../../../infrastructure/queue/job-scheduler';

/** The queue of the daily reconciliation; one worker, one run at a time. */
export const RECONCILIATION_QUEUE = 'reconciliation';

export const RECONCILE_PROVIDER_BALANCES_JOB = 'ReconcileProviderBalances';

/** Empty: each run reads every account since its own last run. */
export type ReconcileProviderBalancesJob = Record<string, never>;

/** Every day at 04:00 UTC, well inside the provider's 30-day event window. */
export const RECONCILIATION_SCHEDULE: JobSchedule = {
  id: 'daily-reconciliation',
  repeat: { pattern: '0 4 * * *', tz: 'UTC' },
  jobName: RECONCILE_PROVIDER_BALANCES_JOB,
};
