import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { EMAIL_WORKER_OPTIONS, EmailDelivery, EmailDeliveryOutcome } from '../../../infrastructure/mail/email-delivery';
import { isEnvelope, MessageChain } from '../../../infrastructure/messaging/envelope';
import type { Enveloped } from '../../../infrastructure/outbox/outbox';
import { DisputedAfterRefundMailer } from './disputed-after-refund-mailer';
import {
  DISPUTED_AFTER_REFUND_EMAILS_QUEUE,
  SEND_DISPUTED_AFTER_REFUND_EMAIL_JOB,
  SendDisputedAfterRefundEmailJob,
} from './send-disputed-after-refund-email.job';

const OUTCOME_MESSAGES: Record<EmailDeliveryOutcome, string> = {
  sent: 'Disputed-after-refund email sent',
  'sent-before': 'Disputed-after-refund email already sent; not sending it again',
  'nothing-to-send': 'Disputed-after-refund email not sent: the dispute is no longer open after a refund, or no landlord to write to',
};

/** Works the `disputed-after-refund-emails` queue: each job tells one landlord what to answer, once per job. */
@Processor(DISPUTED_AFTER_REFUND_EMAILS_QUEUE, EMAIL_WORKER_OPTIONS)
export class DisputedAfterRefundEmailProcessor extends WorkerHost {
  private readonly logger = new Logger(DisputedAfterRefundEmailProcessor.name);

  constructor(
    private readonly mailer: DisputedAfterRefundMailer,
    private readonly delivery: EmailDelivery,
  ) {
    super();
  }

  async process(
    job: Job<Enveloped<SendDisputedAfterRefundEmailJob>>,
  ): Promise<{ outcome: EmailDeliveryOutcome } | { outcome: 'skipped'; reason: string }> {
    if (job.name !== SEND_DISPUTED_AFTER_REFUND_EMAIL_JOB) return { outcome: 'skipped', reason: `unknown job ${job.name}` };
    const send = async () => {
      const outcome = await this.delivery.sendOnce(job.id, () => this.mailer.compose(job.data));
      this.logger.log({ jobId: job.id, paymentTransactionId: job.data.paymentTransactionId, disputeId: job.data.disputeId }, OUTCOME_MESSAGES[outcome]);
      return { outcome };
    };
    return isEnvelope(job.data.envelope) ? MessageChain.run(job.data.envelope, send) : send();
  }
}
