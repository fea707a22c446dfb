import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { EMAIL_WORKER_OPTIONS, EmailDelivery, EmailDeliveryOutcome } from '../../../infrastructure/mail/email-delivery';
import { isEnvelope, MessageChain } from '../../../infrastructure/messaging/envelope';
import type { Enveloped } from '../../../infrastructure/outbox/outbox';
import { ReceiptMailer } from './receipt-mailer';
import { RECEIPT_EMAILS_QUEUE, SEND_RECEIPT_EMAIL_JOB, SendReceiptEmailJob } from './send-receipt-email.job';

const OUTCOME_MESSAGES: Record<EmailDeliveryOutcome, string> = {
  sent: 'Receipt email sent',
  'sent-before': 'Receipt email already sent; not sending it again',
  'nothing-to-send': 'Receipt email not sent: no tenant to write to',
};

/**
 * Works the `receipt-emails` queue: each job renders one posted payment's receipt and sends it, once
 * per job (the email's Message-ID is the job's outbox row).
 */
@Processor(RECEIPT_EMAILS_QUEUE, EMAIL_WORKER_OPTIONS)
export class ReceiptEmailProcessor extends WorkerHost {
  private readonly logger = new Logger(ReceiptEmailProcessor.name);

  constructor(
    private readonly mailer: ReceiptMailer,
    private readonly delivery: EmailDelivery,
  ) {
    super();
  }

  async process(job: Job<Enveloped<SendReceiptEmailJob>>): Promise<{ outcome: EmailDeliveryOutcome } | { outcome: 'skipped'; reason: string }> {
    if (job.name !== SEND_RECEIPT_EMAIL_JOB) return { outcome: 'skipped', reason: `unknown job ${job.name}` };
    const send = async () => {
      const outcome = await this.delivery.sendOnce(job.id, () => this.mailer.compose(job.data));
      this.logger.log({ jobId: job.id, receiptId: job.data.receiptId }, OUTCOME_MESSAGES[outcome]);
      return { outcome };
    };
    return isEnvelope(job.data.envelope) ? MessageChain.run(job.data.envelope, send) : send();
  }
}
