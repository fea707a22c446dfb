import { Processor } from '@nestjs/bullmq';
import { ComposedEmailProcessor } from '../../../infrastructure/mail/composed-email.processor';
import { EMAIL_WORKER_OPTIONS, EmailDelivery } from '../../../infrastructure/mail/email-delivery';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { BankDebitFailedMailer } from './bank-debit-failed-mailer';
import { BANK_DEBIT_FAILED_EMAILS_QUEUE, SEND_BANK_DEBIT_FAILED_EMAIL_JOB, SendBankDebitFailedEmailJob } from './send-bank-debit-failed-email.job';

/** Works the `bank-debit-failed-emails` queue: each job tells the tenant or the landlord that a bank payment failed, once per job. */
@Processor(BANK_DEBIT_FAILED_EMAILS_QUEUE, EMAIL_WORKER_OPTIONS)
export class BankDebitFailedEmailProcessor extends ComposedEmailProcessor<SendBankDebitFailedEmailJob> {
  protected readonly jobName = SEND_BANK_DEBIT_FAILED_EMAIL_JOB;
  protected readonly outcomeMessages = {
    sent: 'Bank-debit-failed email sent',
    'sent-before': 'Bank-debit-failed email already sent; not sending it again',
    'nothing-to-send': 'Bank-debit-failed email not sent: the payment has not failed, or nobody to write to',
  };

  constructor(
    private readonly mailer: BankDebitFailedMailer,
    delivery: EmailDelivery,
  ) {
    super(delivery);
  }

  protected compose(job: SendBankDebitFailedEmailJob): Promise<SendEmailJob | undefined> {
    return this.mailer.compose(job);
  }

  protected logFields(job: SendBankDebitFailedEmailJob): Record<string, unknown> {
    return { paymentTransactionId: job.paymentTransactionId, recipient: job.recipient };
  }
}
