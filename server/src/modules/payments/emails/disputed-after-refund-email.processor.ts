import { Processor } from '@nestjs/bullmq';
import { ComposedEmailProcessor } from '../../../infrastructure/mail/composed-email.processor';
import { EMAIL_WORKER_OPTIONS, EmailDelivery } from '../../../infrastructure/mail/email-delivery';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { DisputedAfterRefundMailer } from './disputed-after-refund-mailer';
import {
  DISPUTED_AFTER_REFUND_EMAILS_QUEUE,
  SEND_DISPUTED_AFTER_REFUND_EMAIL_JOB,
  SendDisputedAfterRefundEmailJob,
} from './send-disputed-after-refund-email.job';

/** Works the `disputed-after-refund-emails` queue: each job tells one landlord what to answer, once per job. */
@Processor(DISPUTED_AFTER_REFUND_EMAILS_QUEUE, EMAIL_WORKER_OPTIONS)
export class DisputedAfterRefundEmailProcessor extends ComposedEmailProcessor<SendDisputedAfterRefundEmailJob> {
  protected readonly jobName = SEND_DISPUTED_AFTER_REFUND_EMAIL_JOB;
  protected readonly outcomeMessages = {
    sent: 'Disputed-after-refund email sent',
    'sent-before': 'Disputed-after-refund email already sent; not sending it again',
    'nothing-to-send': 'Disputed-after-refund email not sent: the dispute is no longer open after a refund, or no landlord to write to',
  };

  constructor(
    private readonly mailer: DisputedAfterRefundMailer,
    delivery: EmailDelivery,
  ) {
    super(delivery);
  }

  protected compose(job: SendDisputedAfterRefundEmailJob): Promise<SendEmailJob | undefined> {
    return this.mailer.compose(job);
  }

  protected logFields(job: SendDisputedAfterRefundEmailJob): Record<string, unknown> {
    return { paymentTransactionId: job.paymentTransactionId, disputeId: job.disputeId };
  }
}
