import type { JobSchedule } from '../../../infrastructure/queue/job-scheduler';

/** The queue of the autopay job; one run at a time per worker, each payment once whatever runs. */
export const AUTOPAY_QUEUE = 'autopay';

export const RUN_AUTOPAY_JOB = 'RunAutopay';

/** Empty: each run does what has come due by the clock's now. */
export type RunAutopayJob = Record<string, never>;

/** Every 15 minutes, as the rent charges: a debit starts within a quarter of an hour of 6:00 on its day. */
export const AUTOPAY_SCHEDULE: JobSchedule = { id: 'autopay', repeat: { every: 15 * 60_000 }, jobName: RUN_AUTOPAY_JOB };
