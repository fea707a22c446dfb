import { Processor } from '@nestjs/bullmq';
import { ComposedEmailProcessor } from '../../../infrastructure/mail/composed-email.processor';
import { EMAIL_WORKER_OPTIONS, EmailDelivery } from '../../../infrastructure/mail/email-delivery';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { RefundMailer } from './refund-mailer';
import { REFUND_EMAILS_QUEUE, SEND_REFUND_EMAIL_JOB, SendRefundEmailJob } from './send-refund-email.job';

/** Works the `refund-emails` queue: each job tells a tenant about one refund, once per job. */
@Processor(REFUND_EMAILS_QUEUE, EMAIL_WORKER_OPTIONS)
export class RefundEmailProcessor extends ComposedEmailProcessor<SendRefundEmailJob> {
  protected readonly jobName = SEND_REFUND_EMAIL_JOB;
  protected readonly outcomeMessages = {
    sent: 'Refund email sent',
    'sent-before': 'Refund email already sent; not sending it again',
    'nothing-to-send': 'Refund email not sent: the refund did not go through, or no tenant to write to',
  };

  constructor(
    private readonly mailer: RefundMailer,
    delivery: EmailDelivery,
  ) {
    super(delivery);
  }

  protected compose(job: SendRefundEmailJob): Promise<SendEmailJob | undefined> {
    return this.mailer.compose(job);
  }

  protected logFields(job: SendRefundEmailJob): Record<string, unknown> {
    return { refundId: job.refundId, receiptId: job.receiptId };
  }
}
