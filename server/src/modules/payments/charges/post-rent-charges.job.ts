import type { JobSchedule } from '../../../infrastructure/queue/job-scheduler';

/** The queue of the rent charging job; one run at a time per worker, exactly once per charge whatever runs. */
export const RENT_CHARGES_QUEUE = 'rent-charges';

export const POST_RENT_CHARGES_JOB = 'PostRentCharges';

/** Empty: each run charges what has come due by the clock's now. */
export type PostRentChargesJob = Record<string, never>;

/**
 * Every 15 minutes: a month's rent is charged within a quarter of an hour of its due date's first
 * moment, in every landlord's time zone. A run with nothing due reads the tenancies and writes nothing.
 */
export const RENT_CHARGES_SCHEDULE: JobSchedule = { id: 'rent-charges', repeat: { every: 15 * 60_000 }, jobName: POST_RENT_CHARGES_JOB };
