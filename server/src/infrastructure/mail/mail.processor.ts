import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { isEnvelope, MessageChain } from '../messaging/envelope';
import type { Enveloped } from '../outbox/outbox';
import { MAIL_QUEUE } from '../queue/queue-names';
import { EMAIL_WORKER_OPTIONS, EmailDelivery } from './email-delivery';
import { SEND_EMAIL_JOB, SendEmailJob } from './send-email.job';

/** Works the `mail` queue: each job is an email rendered by the change that asked for it. */
@Processor(MAIL_QUEUE, EMAIL_WORKER_OPTIONS)
export class MailProcessor extends WorkerHost {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(private readonly delivery: EmailDelivery) {
    super();
  }

  async process(job: Job<SendEmailJob | Enveloped<SendEmailJob>>): Promise<void> {
    const envelope = 'envelope' in job.data && isEnvelope(job.data.envelope) ? job.data.envelope : undefined;
    // Log lines of the send carry the chain of the change that asked for the email.
    return envelope ? MessageChain.run(envelope, () => this.send(job)) : this.send(job);
  }

  private async send(job: Job<SendEmailJob>): Promise<void> {
    if (job.name !== SEND_EMAIL_JOB) {
      this.logger.warn({ jobId: job.id, name: job.name }, 'Skipping unknown mail job');
      return;
    }
    const { to, subject, text, html } = job.data;
    const outcome = await this.delivery.sendOnce(job.id, () => ({ to, subject, text, html }));
    if (outcome === 'sent') this.logger.log({ jobId: job.id, to, subject }, 'Email sent');
    else this.logger.log({ jobId: job.id }, 'Email already sent; not sending it again');
  }
}
