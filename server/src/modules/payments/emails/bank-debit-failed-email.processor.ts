import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { EMAIL_WORKER_OPTIONS, EmailDelivery, EmailDeliveryOutcome } from '../../../infrastructure/mail/email-delivery';
import { isEnvelope, MessageChain } from '../../../infrastructure/messaging/envelope';
import type { Enveloped } from '../../../infrastructure/outbox/outbox';
import { BankDebitFailedMailer } from './bank-debit-failed-mailer';
import {
  BANK_DEBIT_FAILED_EMAILS_QUEUE,
  SEND_BANK_DEBIT_FAILED_EMAIL_JOB,
  SendBankDebitFailedEmailJob,
} from './send-bank-debit-failed-email.job';

const OUTCOME_MESSAGES: Record<EmailDeliveryOutcome, string> = {
  sent: 'Bank-debit-failed email sent',
  'sent-before': 'Bank-debit-failed email already sent; not sending it again',
  'nothing-to-send': 'Bank-debit-failed email not sent: the payment has not failed, or nobody to write to',
};

/** Works the `bank-debit-failed-emails` queue: each job tells the tenant or the landlord that a bank payment failed, once per job. */
@Processor(BANK_DEBIT_FAILED_EMAILS_QUEUE, EMAIL_WORKER_OPTIONS)
export class BankDebitFailedEmailProcessor extends WorkerHost {
  private readonly logger = new Logger(BankDebitFailedEmailProcessor.name);

  constructor(
    private readonly mailer: BankDebitFailedMailer,
    private readonly delivery: EmailDelivery,
  ) {
    super();
  }

  async process(
    job: Job<Enveloped<SendBankDebitFailedEmailJob>>,
  ): Promise<{ outcome: EmailDeliveryOutcome } | { outcome: 'skipped'; reason: string }> {
    if (job.name !== SEND_BANK_DEBIT_FAILED_EMAIL_JOB) return { outcome: 'skipped', reason: `unknown job ${job.name}` };
    const send = async () => {
      const outcome = await this.delivery.sendOnce(job.id, () => this.mailer.compose(job.data));
      this.logger.log({ jobId: job.id, paymentTransactionId: job.data.paymentTransactionId, recipient: job.data.recipient }, OUTCOME_MESSAGES[outcome]);
      return { outcome };
    };
    return isEnvelope(job.data.envelope) ? MessageChain.run(job.data.envelope, send) : send();
  }
}
