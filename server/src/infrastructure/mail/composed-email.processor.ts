import { WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { isEnvelope, MessageChain } from '../messaging/envelope';
import type { Enveloped } from '../outbox/outbox';
import { EmailDelivery, EmailDeliveryOutcome } from './email-delivery';
import type { SendEmailJob } from './send-email.job';

/** What the log says of each outcome: sent, sent before (not again), or nothing to send. */
export type EmailOutcomeMessages = Record<EmailDeliveryOutcome, string>;

/**
 * A queue of emails composed when their job runs (from what the database says then), each sent once
 * per job: the email's Message-ID is the job's outbox row (EmailDelivery.sendOnce). A subclass names
 * its job, composes the email and says what to log; decorate it with `@Processor(queue, EMAIL_WORKER_OPTIONS)`.
 */
export abstract class ComposedEmailProcessor<Payload extends object> extends WorkerHost {
  protected abstract readonly jobName: string;
  protected abstract readonly outcomeMessages: EmailOutcomeMessages;
  private readonly logger = new Logger(this.constructor.name);

  constructor(private readonly delivery: EmailDelivery) {
    super();
  }

  /** The email as things stand now, or undefined when there is nothing (or nobody) to write. */
  protected abstract compose(payload: Payload): Promise<SendEmailJob | undefined>;

  /** The job's ids for the log line. */
  protected abstract logFields(payload: Payload): Record<string, unknown>;

  async process(job: Job<Enveloped<Payload>>): Promise<{ outcome: EmailDeliveryOutcome } | { outcome: 'skipped'; reason: string }> {
    if (job.name !== this.jobName) return { outcome: 'skipped', reason: `unknown job ${job.name}` };
    const send = async () => {
      const outcome = await this.delivery.sendOnce(job.id, () => this.compose(job.data));
      this.logger.log({ jobId: job.id, ...this.logFields(job.data) }, this.outcomeMessages[outcome]);
      return { outcome };
    };
    return isEnvelope(job.data.envelope) ? MessageChain.run(job.data.envelope, send) : send();
  }
}
