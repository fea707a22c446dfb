import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';
import { isEnvelope, MessageChain } from '../messaging/envelope';
import type { Enveloped } from '../outbox/outbox';
import { MAIL_QUEUE } from '../queue/queue-names';
import { MAIL_TRANSPORT } from './mail-transport';
import { SEND_EMAIL_JOB, SendEmailJob } from './send-email.job';

@Processor(MAIL_QUEUE)
export class MailProcessor extends WorkerHost {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    @Inject(MAIL_TRANSPORT) private readonly transport: Transporter,
    private readonly config: AppConfig,
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
    // The job id (the outbox row id) doubles as Message-ID, so a retried send is recognisable downstream.
    await this.transport.sendMail({
      from: this.config.env.MAIL_FROM,
      to,
      subject,
      text,
      html,
      messageId: `<${job.id}@rentwise>`,
    });
    this.logger.log({ jobId: job.id, to, subject }, 'Email sent');
  }
}
