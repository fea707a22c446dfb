/** Retries with exponential backoff: 2 s, 4 s, 8 s ... 8 tries, about 4 minutes in all, before a job is given up. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
