/**
 * The one job on the `webhooks` queue: work the stored inbox row. Written to the outbox in the
 * transaction that stores the row (and again by the sweeper or an operator's replay); the row,
 * not the job, holds the event, so a job is cheap to repeat.
 */
export const HANDLE_PROVIDER_EVENT_JOB = 'HandleProviderEvent';

export interface HandleProviderEventJob {
  inboxId: string;
}
