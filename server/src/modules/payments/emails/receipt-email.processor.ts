import { Processor } from '@nestjs/bullmq';
import { ComposedEmailProcessor } from '../../../infrastructure/mail/composed-email.processor';
import { EMAIL_WORKER_OPTIONS, EmailDelivery } from '../../../infrastructure/mail/email-delivery';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { ReceiptMailer } from './receipt-mailer';
import { RECEIPT_EMAILS_QUEUE, SEND_RECEIPT_EMAIL_JOB, SendReceiptEmailJob } from './send-receipt-email.job';

/**
 * Works the `receipt-emails` queue: each job renders one posted payment's receipt and sends it, once
 * per job (the email's Message-ID is the job's outbox row).
 */
@Processor(RECEIPT_EMAILS_QUEUE, EMAIL_WORKER_OPTIONS)
export class ReceiptEmailProcessor extends ComposedEmailProcessor<SendReceiptEmailJob> {
  protected readonly jobName = SEND_RECEIPT_EMAIL_JOB;
  protected readonly outcomeMessages = {
    sent: 'Receipt email sent',
    'sent-before': 'Receipt email already sent; not sending it again',
    'nothing-to-send': 'Receipt email not sent: no tenant to write to',
  };

  constructor(
    private readonly mailer: ReceiptMailer,
    delivery: EmailDelivery,
  ) {
    super(delivery);
  }

  protected compose(job: SendReceiptEmailJob): Promise<SendEmailJob | undefined> {
    return this.mailer.compose(job);
  }

  protected logFields(job: SendReceiptEmailJob): Record<string, unknown> {
    return { receiptId: job.receiptId };
  }
}
