import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { billingMonthLabel, localYearMonthAt, parseBillingMonthKey } from '@rentwise/libs/billing-month';
import { DEFAULT_RENT_DUE_DAY, rentDueAt, rentInEffectAt } from '@rentwise/libs/rent-charges';
import { AppConfig } from '../../../infrastructure/config/app-config';
import type { SendEmailJob } from '../../../infrastructure/mail/send-email.job';
import { GetUsers } from '../../accounts/contracts/get-users.query';
import { GetProperty } from '../../properties/contracts/get-property.query';
import { GetRentHistories } from '../../properties/contracts/get-rent-histories.query';
import { GetRentTerms } from '../../properties/contracts/get-rent-terms.query';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { ListUnpaidBalances } from '../queries/list-unpaid-balances.query';
import { ReminderSettings } from './reminder-settings';
import { tenantReminderEmail, weeklySummaryEmail } from './rent-reminder-email';
import type { SendRentReminderEmailJob } from './send-rent-reminder-email.job';
import { TenancyLedgers } from './tenancy-ledgers';

/**
 * Composes a reminder when its job runs, from what the database says then: a reminder turned off in
 * between is not sent, and the balance is today's.
 */
@Injectable()
export class RentReminderMailer {
  constructor(
    private readonly queries: QueryBus,
    private readonly settings: ReminderSettings,
    private readonly ledgers: TenancyLedgers,
    private readonly config: AppConfig,
  ) {}

  async compose(job: SendRentReminderEmailJob): Promise<SendEmailJob | undefined> {
    return job.occasion === 'weekly_summary' ? this.weeklySummary(job) : this.tenantReminder(job);
  }

  private async weeklySummary(job: SendRentReminderEmailJob): Promise<SendEmailJob | undefined> {
    const [users, owing] = await Promise.all([this.queries.execute(new GetUsers([job.recipientUserId])), this.queries.execute(new ListUnpaidBalances(job.landlordUserId))]);
    const landlord = users.get(job.recipientUserId);
    const settings = await this.settings.ofProperties([...new Set(owing.map((row) => row.propertyId))]);
    const rows = owing.filter((row) => settings.get(row.propertyId)?.weekly_summary !== false);
    if (!landlord || rows.length === 0) return undefined;
    return weeklySummaryEmail({ to: landlord.email, firstName: landlord.firstName, rows, publicUrl: this.config.env.PUBLIC_URL });
  }

  private async tenantReminder(job: SendRentReminderEmailJob): Promise<SendEmailJob | undefined> {
    const { propertyId, occasion } = job;
    if (!propertyId || occasion === 'weekly_summary') return undefined;
    const [users, property, terms, histories, timeZone, tenantOn, propertySettings, lines] = await Promise.all([
      this.queries.execute(new GetUsers([job.recipientUserId])),
      this.queries.execute(new GetProperty(propertyId)),
      this.queries.execute(new GetRentTerms([propertyId])),
      this.queries.execute(new GetRentHistories([propertyId])),
      this.queries.execute(new GetLandlordTimeZone(job.landlordUserId)),
      this.settings.tenantRemindersOn(job.recipientUserId),
      this.settings.ofProperty(propertyId),
      this.ledgers.linesOf([{ tenantUserId: job.recipientUserId, propertyId }]),
    ]);
    const tenant = users.get(job.recipientUserId);
    if (!tenant || !property || !tenantOn || !propertySettings[occasion]) return undefined;
    const ledger = lines.get(`${job.recipientUserId}:${propertyId}`) ?? [];
    const lateFee = job.lateFeeJournalId ? ledger.find((line) => line.journalId === job.lateFeeJournalId) : undefined;
    if (occasion === 'late_fee' && !lateFee) return undefined;
    const balanceCents = ledger.length ? ledger[ledger.length - 1].balanceCents : 0;
    // Paid between the run and this job: a "late" email would now be untrue.
    if (occasion === 'late' && balanceCents <= 0) return undefined;
    const dueDay = terms.get(propertyId)?.dueDay ?? DEFAULT_RENT_DUE_DAY;
    // A late fee's notice is about the month whose rent was late: the last due date before the fee.
    let month = parseBillingMonthKey(job.period);
    if (!month) return undefined;
    if (lateFee) {
      const feeAt = new Date(lateFee.occurredAt);
      month = localYearMonthAt(feeAt, timeZone);
      if (rentDueAt(month, dueDay, timeZone).getTime() > feeAt.getTime()) month = { year: month.month === 1 ? month.year - 1 : month.year, month: month.month === 1 ? 12 : month.month - 1 };
    }
    const dueAt = rentDueAt(month, dueDay, timeZone);
    const rentHistory = (histories.get(propertyId) ?? []).map((period) => ({ rentCents: period.rentCents, effectiveFrom: new Date(period.effectiveFrom) }));
    return tenantReminderEmail({
      occasion,
      to: tenant.email,
      firstName: tenant.firstName,
      propertyAddress: property.address,
      monthLabel: billingMonthLabel(month),
      dueAt,
      rentCents: rentInEffectAt(dueAt, rentHistory) ?? property.rentCents,
      balanceCents,
      lateFeeCents: lateFee ? lateFee.amountCents : null,
      timeZone,
      publicUrl: this.config.env.PUBLIC_URL,
    });
  }
}
