import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';
import { Faults } from '../faults/faults';
import { isEnvelope, MessageChain } from '../messaging/envelope';
import type { Enveloped } from '../outbox/outbox';
import { MAIL_QUEUE } from '../queue/queue-names';
import { MAIL_TRANSPORT } from './mail-transport';
import { SEND_EMAIL_JOB, SendEmailJob } from './send-email.job';
import { messageIdOf, SentEmails, sentEmailKeyOf } from './sent-emails';

/**
 * A worker killed mid-job holds its lock until lockDuration runs out, and the job is taken again at
 * the next stall check: 15 s and 5 s instead of BullMQ's 30 s and 30 s. Sending an email takes far
 * less than 15 s, and the lock is renewed every 7.5 s while it runs.
 */
const MAIL_WORKER_OPTIONS = { lockDuration: 15_000, stalledInterval: 5_000 };

@Processor(MAIL_QUEUE, MAIL_WORKER_OPTIONS)
export class MailProcessor extends WorkerHost {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    @Inject(MAIL_TRANSPORT) private readonly transport: Transporter,
    private readonly config: AppConfig,
    private readonly sentEmails: SentEmails,
    private readonly faults: Faults,
  ) {
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
    // Once per outbox row: checked before sending, recorded right after. Only a crash between the
    // two can repeat an email, and the repeat keeps its Message-ID for the receiver to drop.
    const key = sentEmailKeyOf(job.id);
    if (key && (await this.sentEmails.wasSent(key))) {
      this.logger.log({ jobId: job.id, key }, 'Email already sent; not sending it again');
      return;
    }
    const messageId = key ? messageIdOf(key) : `<${job.id}@rentwise>`;
    await this.transport.sendMail({ from: this.config.env.MAIL_FROM, to, subject, text, html, messageId });
    this.faults.crashPoint('after-send-before-record');
    if (key) await this.sentEmails.record(key, messageId);
    this.logger.log({ jobId: job.id, to, subject }, 'Email sent');
  }
}
