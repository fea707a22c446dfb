import { Processor } from '@nestjs/bullmq';
import { QueryBus } from '@nestjs/cqrs';
import { billingMonthLabel, parseBillingMonthKey } from '@rentwise/libs/billing-month';
import { AppConfig } from '../../../infrastructure/config/app-config';
import { ComposedEmailProcessor } from '../../../infrastructure/mail/composed-email.processor';
import { EMAIL_WORKER_OPTIONS, EmailDelivery } from '../../../infrastructure/mail/email-delivery';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { autopayEmail } from './autopay-email';
import { AUTOPAY_EMAILS_QUEUE, SEND_AUTOPAY_EMAIL_JOB, SendAutopayEmailJob } from './send-autopay-email.job';

/** Works the `autopay-emails` queue: each job is one email, sent once per job (decision 0042). */
@Processor(AUTOPAY_EMAILS_QUEUE, EMAIL_WORKER_OPTIONS)
export class AutopayEmailProcessor extends ComposedEmailProcessor<SendAutopayEmailJob> {
  protected readonly jobName = SEND_AUTOPAY_EMAIL_JOB;
  protected readonly outcomeMessages = {
    sent: 'Autopay email sent',
    'sent-before': 'Autopay email already sent; not sending it again',
    'nothing-to-send': 'Autopay email not sent: nobody to write to',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
    delivery: EmailDelivery,
  ) {
    super(delivery);
  }

  protected async compose(job: SendAutopayEmailJob): Promise<SendEmailJob | undefined> {
    const [users, property] = await Promise.all([
      this.queries.execute(new GetUsers([job.recipientUserId, job.tenantUserId])),
      this.queries.execute(new GetProperty(job.propertyId)),
    ]);
    const recipient = users.get(job.recipientUserId);
    const tenant = users.get(job.tenantUserId);
    const month = parseBillingMonthKey(job.period);
    if (!recipient || !tenant || !property || !month) return undefined;
    return autopayEmail({
      occasion: job.occasion,
      method: job.method ?? 'bank_account',
      toLandlord: job.toLandlord,
      to: recipient.email,
      firstName: recipient.firstName,
      tenantName: `${tenant.firstName} ${tenant.lastName}`,
      propertyAddress: property.address,
      monthLabel: billingMonthLabel(month),
      amountCents: job.amountCents,
      at: job.at ? new Date(job.at) : null,
      reason: job.reason,
      timeZone: job.timeZone,
      publicUrl: this.config.env.PUBLIC_URL,
    });
  }

  protected logFields(job: SendAutopayEmailJob): Record<string, unknown> {
    return { occasion: job.occasion, period: job.period, recipientUserId: job.recipientUserId };
  }
}
