import { Inject, Injectable } from '@nestjs/common';
import { Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';
import { Faults } from '../faults/faults';
import { MAIL_CONNECTIONS, MAIL_TRANSPORT } from './mail-transport';
import type { SendEmailJob } from './send-email.job';
import { messageIdOf, SentEmails, sentEmailKeyOf } from './sent-emails';

/**
 * A worker killed mid-job holds its lock until lockDuration runs out, and the job is taken again at
 * the next stall check: 15 s and 5 s instead of BullMQ's 30 s and 30 s, for every queue whose jobs
 * send email. Sending takes far less than 15 s, and the lock is renewed every 7.5 s while it runs.
 *
 * Three emails at once a process, as many as the SMTP pool's connections (mail-transport.ts): a job
 * mostly waits on PostgreSQL and the SMTP server, and one at a time a process sent about seven
 * receipts a second, fewer than payments arrive on a busy hour (the crash suite's outage left a
 * backlog it took minutes to send).
 */
export const EMAIL_WORKER_OPTIONS = { lockDuration: 15_000, stalledInterval: 5_000, concurrency: MAIL_CONNECTIONS };

export type EmailDeliveryOutcome = 'sent' | 'sent-before' | 'nothing-to-send';

/** Hands emails to SMTP, once per outbox job. */
@Injectable()
export class EmailDelivery {
  constructor(
    @Inject(MAIL_TRANSPORT) private readonly transport: Transporter,
    private readonly config: AppConfig,
    private readonly sentEmails: SentEmails,
    private readonly faults: Faults,
  ) {}

  /**
   * Sends the email `compose` makes, once per outbox row (the job's id): checked before composing,
   * recorded right after sending. Only a crash between the two can repeat an email, and the repeat
   * keeps its Message-ID for the receiver to drop. `compose` answers undefined when there is no one
   * to write to.
   */
  async sendOnce(jobId: string | undefined, compose: () => SendEmailJob | undefined | Promise<SendEmailJob | undefined>): Promise<EmailDeliveryOutcome> {
    const key = sentEmailKeyOf(jobId);
    if (key && (await this.sentEmails.wasSent(key))) return 'sent-before';
    const email = await compose();
    if (!email) return 'nothing-to-send';
    const { to, subject, text, html } = email;
    const messageId = key ? messageIdOf(key) : `<${jobId}@rentwise>`;
    await this.transport.sendMail({ from: this.config.env.MAIL_FROM, to, subject, text, html, messageId });
    this.faults.crashPoint('after-send-before-record');
    if (key) await this.sentEmails.record(key, messageId);
    return 'sent';
  }
}
