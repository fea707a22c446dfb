import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { MessageChain } from '../messaging/envelope';
import type { Enveloped } from '../outbox/outbox';
import { WEBHOOKS_QUEUE } from '../queue/queue-names';
import { HANDLE_PROVIDER_EVENT_JOB, HandleProviderEventJob } from './handle-provider-event.job';
import { Inbox, InboxOutcome } from './inbox';

/**
 * Works the `webhooks` queue: each job names a stored inbox row. A failure is counted on the row and
 * rethrown, so the queue retries with backoff; after the queue's last try the row is 'failed' and
 * the sweeper brings it back later.
 *
 * Several events at once: each waits mostly on the provider (the re-read of its object) and on
 * PostgreSQL round trips, and rows are locked one by one and posted under their objects' advisory
 * locks, as with several workers. Each holds a database connection while it runs, so the process's
 * pool grows by this many (DatabaseModule). On two cores, 10,000 events drained in about two minutes
 * one at a time, 61-65 s eight at a time and 44-52 s twenty-four at a time (bench/webhooks.js).
 */
export const INBOX_CONCURRENCY = 24;

@Processor(WEBHOOKS_QUEUE, { concurrency: INBOX_CONCURRENCY })
export class InboxProcessor extends WorkerHost {
  private readonly logger = new Logger(InboxProcessor.name);

  constructor(private readonly inbox: Inbox) {
    super();
  }

  async process(job: Job<Enveloped<HandleProviderEventJob>>): Promise<InboxOutcome> {
    if (job.name !== HANDLE_PROVIDER_EVENT_JOB) return { outcome: 'skipped', reason: `unknown job ${job.name}` };
    const { inboxId, envelope } = job.data;
    const run = () => this.inbox.handle(inboxId);
    try {
      return await (envelope ? MessageChain.run(envelope, run) : run());
    } catch (error) {
      const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await this.inbox.recordFailure(inboxId, error, lastTry);
      throw error;
    }
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<HandleProviderEventJob> | undefined, error: Error): void {
    this.logger.error(
      { err: error, jobId: job?.id, inboxId: job?.data.inboxId, attempt: job?.attemptsMade },
      'Provider event failed; it will be retried',
    );
  }
}
