import type { JobSchedule } from '../../../infrastructure/queue/job-scheduler';

/** The queue of the reminders job: one run at a time per worker, each reminder once whatever runs (decision 0041). */
export const RENT_REMINDERS_QUEUE = 'rent-reminders';

export const SEND_RENT_REMINDERS_JOB = 'SendRentReminders';

/** Empty: each run sends what is due by the clock's now. */
export type SendRentRemindersJob = Record<string, never>;

/**
 * Every 15 minutes: a reminder goes out within a quarter of an hour of 9:00 on its day in every
 * landlord's time zone. A run with nothing due reads the tenancies and writes nothing.
 */
export const RENT_REMINDERS_SCHEDULE: JobSchedule = { id: 'rent-reminders', repeat: { every: 15 * 60_000 }, jobName: SEND_RENT_REMINDERS_JOB };
