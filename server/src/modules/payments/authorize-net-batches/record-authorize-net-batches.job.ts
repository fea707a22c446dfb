import type { JobSchedule } from '../../../infrastructure/queue/job-scheduler';

/** The queue of the daily read of Authorize.Net landlords' settled batches; one run at a time. */
export const AUTHORIZE_NET_BATCHES_QUEUE = 'authorize-net-batches';

export const RECORD_AUTHORIZE_NET_BATCHES_JOB = 'RecordAuthorizeNetBatches';

/** Empty: each run reads every account's batches since its last recorded one. */
export type RecordAuthorizeNetBatchesJob = Record<string, never>;

/** Every day at 10:00 UTC: after the gateway's default daily cut-off (3:00 PM Pacific) has settled the day's batch. */
export const AUTHORIZE_NET_BATCHES_SCHEDULE: JobSchedule = {
  id: 'daily-authorize-net-batches',
  repeat: { pattern: '0 10 * * *', tz: 'UTC' },
  jobName: RECORD_AUTHORIZE_NET_BATCHES_JOB,
};
