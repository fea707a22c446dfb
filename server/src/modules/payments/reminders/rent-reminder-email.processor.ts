import { Processor } from '@nestjs/bullmq';
import { ComposedEmailProcessor } from '../../../infrastructure/mail/composed-email.processor';
import { EMAIL_WORKER_OPTIONS, EmailDelivery } from '../../../infrastructure/mail/email-delivery';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { RentReminderMailer } from './rent-reminder-mailer';
import { RENT_REMINDER_EMAILS_QUEUE, SEND_RENT_REMINDER_EMAIL_JOB, SendRentReminderEmailJob } from './send-rent-reminder-email.job';

/** Works the `rent-reminder-emails` queue: each job is one reminder, sent once per job (decision 0041). */
@Processor(RENT_REMINDER_EMAILS_QUEUE, EMAIL_WORKER_OPTIONS)
export class RentReminderEmailProcessor extends ComposedEmailProcessor<SendRentReminderEmailJob> {
  protected readonly jobName = SEND_RENT_REMINDER_EMAIL_JOB;
  protected readonly outcomeMessages = {
    sent: 'Rent reminder sent',
    'sent-before': 'Rent reminder already sent; not sending it again',
    'nothing-to-send': 'Rent reminder not sent: turned off since, nothing owed any more, or nobody to write to',
  };

  constructor(
    private readonly mailer: RentReminderMailer,
    delivery: EmailDelivery,
  ) {
    super(delivery);
  }

  protected compose(job: SendRentReminderEmailJob): Promise<SendEmailJob | undefined> {
    return this.mailer.compose(job);
  }

  protected logFields(job: SendRentReminderEmailJob): Record<string, unknown> {
    return { occasion: job.occasion, period: job.period, recipientUserId: job.recipientUserId };
  }
}
