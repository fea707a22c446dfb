import { Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { LATE_FEES_OFF } from '@rentwise/libs/late-fees';
import { DEFAULT_RENT_DUE_DAY, rentDueAt, rentInEffectAt } from '@rentwise/libs/rent-charges';
import {
  isOpenAt,
  LATE_FEE_NOTICE_DAYS,
  lateFeeNoticeWindow,
  openRentReminders,
  type ReminderOccasion,
  reminderIsOwed,
  type ReminderWindow,
  weeklySummaryWindow,
} from '@rentwise/libs/rent-reminders';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { Outbox } from '../../../infrastructure/outbox/outbox';
import { GetRentHistories } from '../../properties/contracts/get-rent-histories.query';
import { GetRentTerms } from '../../properties/contracts/get-rent-terms.query';
import { type ChargeableTenancy, ListTenanciesToCharge } from '../../tenants/contracts/list-tenancies-to-charge.query';
import { GetLandlordTimeZones } from '../contracts/get-landlord-time-zone.query';
import { ListUnpaidBalances } from '../queries/list-unpaid-balances.query';
import { ReminderSettings } from './reminder-settings';
import { RENT_REMINDER_EMAILS_QUEUE, SEND_RENT_REMINDER_EMAIL_JOB, type SendRentReminderEmailJob } from './send-rent-reminder-email.job';
import { TenancyLedgers, tenancyKeyOf } from './tenancy-ledgers';

/**
 * Tenancies read per page. A page's ledgers and histories live while its reminders are written, one
 * statement each: at 500 a page they outlived the young generation and the run's peak memory grew with
 * the tenancies (500 MB for 100,000 against 300 for 10,000); at 200 it is 315 against 289, in the same time.
 */
const PAGE_SIZE = 200;
const DAY_MS = 86_400_000;

/** The reminders of a page already sent, so a run tries only the others (one index scan). */
const SENT = preparedStatement<{ tenancy_id: string; occasion: ReminderOccasion; period: string }, [tenancyIds: string[], periods: string[]]>(
  'payments.rent-reminders-sent',
  `SELECT tenancy_id, occasion, period FROM payments.rent_reminders WHERE tenancy_id = ANY($1::uuid[]) AND period = ANY($2::text[])`,
);

const CHARGED = preparedStatement<{ tenancy_id: string; rent_year: number; rent_month: number }, [tenancyIds: string[]]>(
  'payments.rent-reminders-charged',
  `SELECT r.tenancy_id, r.rent_year, r.rent_month FROM unnest($1::uuid[]) AS t(id)
     CROSS JOIN LATERAL (SELECT tenancy_id, rent_year, rent_month FROM payments.rent_charges
                          WHERE tenancy_id = t.id AND kind = 'charge' ORDER BY rent_year DESC, rent_month DESC LIMIT 2) r`,
);

interface LateFeeJournal {
  id: string;
  tenant_user_id: string;
  property_id: string;
  occurred_at: Date;
}

/** Late fees posted in the notice window (index ledger_transactions_late_fee_idx). */
const RECENT_LATE_FEES = preparedStatement<LateFeeJournal, [from: Date, through: Date]>(
  'payments.rent-reminders-late-fees',
  `SELECT id, tenant_user_id, property_id, occurred_at FROM payments.ledger_transactions
    WHERE kind = 'late_fee' AND occurred_at > $1 AND occurred_at <= $2 ORDER BY occurred_at, id`,
);

const SUMMARIES_SENT = preparedStatement<{ landlord_user_id: string; period: string }, [landlordUserIds: string[], periods: string[]]>(
  'payments.rent-reminders-summaries-sent',
  `SELECT landlord_user_id, period FROM payments.rent_reminders
    WHERE occasion = 'weekly_summary' AND landlord_user_id = ANY($1::uuid[]) AND period = ANY($2::text[])`,
);

/** The reminder's row: its key is the exactly-once key (either unique index refuses a second one). */
const RECORD = `reminder AS (
    INSERT INTO payments.rent_reminders (occasion, tenancy_id, landlord_user_id, period, recipient_user_id, sent_at)
    VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id)`;

export interface RentReminderRun {
  tenancies: number;
  reminders: number;
  summaries: number;
}

interface Reminder {
  occasion: ReminderOccasion;
  period: string;
  tenancyId: string | null;
  landlordUserId: string;
  recipientUserId: string;
  propertyId: string | null;
  lateFeeJournalId: string | null;
}

/**
 * Sends the rent reminders due at an instant (decision 0041): for each running tenancy the reminders
 * whose window is open, not turned off by the tenant or for the property, with something to pay;
 * the week's new late fees; and each landlord's Monday summary. Each is a row under its key written
 * in one statement with its email's outbox row, so two runs at once, a restart or a replay send it
 * once; a run that finds a reminder's window open sends it however late in the window it comes.
 */
@Injectable()
export class RentReminderSender {
  private readonly logger = new Logger(RentReminderSender.name);

  constructor(
    private readonly queries: QueryBus,
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: Outbox,
    private readonly settings: ReminderSettings,
    private readonly ledgers: TenancyLedgers,
  ) {}

  async sendAt(now: Date): Promise<RentReminderRun> {
    const run: RentReminderRun = { tenancies: 0, reminders: 0, summaries: 0 };
    const timeZones = new Map<string, string>();
    const lateFees = await this.unitOfWork.query(RECENT_LATE_FEES, [new Date(now.getTime() - LATE_FEE_NOTICE_DAYS * DAY_MS), now]);
    const lateFeeKeys = new Set(lateFees.map((fee) => tenancyKeyOf({ tenantUserId: fee.tenant_user_id, propertyId: fee.property_id })));
    // Only the running tenancies a notice needs are kept, not every one: a run's memory stays flat.
    const runningWithLateFees = new Map<string, ChargeableTenancy>();
    const landlordUserIds = new Set<string>();
    for (let after: string | null = null; ; ) {
      const page: ChargeableTenancy[] = await this.queries.execute(new ListTenanciesToCharge(after, PAGE_SIZE));
      if (page.length === 0) break;
      const current = page.filter((t) => t.startedAt.getTime() <= now.getTime() && (t.endedAt === null || t.endedAt.getTime() > now.getTime()));
      for (const tenancy of current) {
        landlordUserIds.add(tenancy.landlordUserId);
        const key = tenancyKeyOf(tenancy);
        if (lateFeeKeys.has(key)) runningWithLateFees.set(key, tenancy);
      }
      run.tenancies += current.length;
      run.reminders += await this.remindPage(current, now, timeZones);
      if (page.length < PAGE_SIZE) break;
      after = page[page.length - 1].tenancyId;
    }
    run.reminders += await this.lateFeeNotices(now, lateFees, runningWithLateFees, timeZones);
    run.summaries += await this.weeklySummaries(now, [...landlordUserIds], timeZones);
    if (run.reminders + run.summaries > 0) this.logger.log({ ...run, at: now.toISOString() }, 'Rent reminders sent');
    return run;
  }

  /** The landlords' time zones not yet known to this run, in one read. */
  private async timeZonesOf(landlordUserIds: Iterable<string>, timeZones: Map<string, string>): Promise<void> {
    const unknown = [...new Set(landlordUserIds)].filter((landlordUserId) => !timeZones.has(landlordUserId));
    if (unknown.length === 0) return;
    for (const [landlordUserId, timeZone] of await this.queries.execute(new GetLandlordTimeZones(unknown))) timeZones.set(landlordUserId, timeZone);
  }

  private async remindPage(page: ChargeableTenancy[], now: Date, timeZones: Map<string, string>): Promise<number> {
    if (page.length === 0) return 0;
    const propertyIds = [...new Set(page.map((tenancy) => tenancy.propertyId))];
    const [terms] = await Promise.all([this.queries.execute(new GetRentTerms(propertyIds)), this.timeZonesOf(page.map((t) => t.landlordUserId), timeZones)]);
    const termsOf = (tenancy: ChargeableTenancy) => {
      const propertyTerms = terms.get(tenancy.propertyId);
      return {
        dueDay: propertyTerms?.dueDay ?? DEFAULT_RENT_DUE_DAY,
        graceDays: propertyTerms?.lateFees.graceDays ?? LATE_FEES_OFF.graceDays,
        timeZone: timeZones.get(tenancy.landlordUserId) as string,
      };
    };
    // The windows open now, before anything about money is read: most runs stop here.
    let open = page.flatMap((tenancy) => openRentReminders(now, { ...termsOf(tenancy), startedAt: tenancy.startedAt }).map((window) => ({ tenancy, window })));
    if (open.length === 0) return 0;
    const [tenantsOff, propertySettings, sent] = await Promise.all([
      this.settings.tenantsOff(open.map(({ tenancy }) => tenancy.tenantUserId)),
      this.settings.ofProperties([...new Set(open.map(({ tenancy }) => tenancy.propertyId))]),
      this.unitOfWork.query(SENT, [[...new Set(open.map(({ tenancy }) => tenancy.tenancyId))], [...new Set(open.map(({ window }) => window.period))]]),
    ]);
    const sentKeys = new Set(sent.map((row) => `${row.tenancy_id}:${row.occasion}:${row.period}`));
    open = open.filter(
      ({ tenancy, window }) =>
        !tenantsOff.has(tenancy.tenantUserId) &&
        propertySettings.get(tenancy.propertyId)?.[window.occasion] !== false &&
        !sentKeys.has(`${tenancy.tenancyId}:${window.occasion}:${window.period}`),
    );
    if (open.length === 0) return 0;

    const tenancies = [...new Map(open.map(({ tenancy }) => [tenancy.tenancyId, tenancy])).values()];
    const [lines, histories, charged] = await Promise.all([
      this.ledgers.linesOf(tenancies),
      this.queries.execute(new GetRentHistories([...new Set(tenancies.map((t) => t.propertyId))])),
      this.unitOfWork.query(CHARGED, [tenancies.map((t) => t.tenancyId)]),
    ]);
    const chargedMonths = new Set(charged.map((row) => `${row.tenancy_id}:${row.rent_year}-${String(row.rent_month).padStart(2, '0')}`));
    let sentNow = 0;
    for (const { tenancy, window } of open) {
      const ledger = lines.get(tenancyKeyOf(tenancy)) ?? [];
      const { dueDay, timeZone } = termsOf(tenancy);
      const month = { year: Number(window.period.slice(0, 4)), month: Number(window.period.slice(5, 7)) };
      const rentHistory = (histories.get(tenancy.propertyId) ?? []).map((period) => ({ rentCents: period.rentCents, effectiveFrom: new Date(period.effectiveFrom) }));
      const owed = reminderIsOwed(window.occasion, {
        balanceCents: ledger.length ? ledger[ledger.length - 1].balanceCents : 0,
        rentCents: rentInEffectAt(rentDueAt(month, dueDay, timeZone), rentHistory) ?? 0,
        monthCharged: chargedMonths.has(`${tenancy.tenancyId}:${window.period}`),
      });
      if (!owed) continue;
      if (await this.record(now, this.tenantReminder(tenancy, window, null))) sentNow++;
    }
    return sentNow;
  }

  /** A notice for each late fee of the last week, the first of its month per tenancy. */
  private async lateFeeNotices(
    now: Date,
    fees: readonly LateFeeJournal[],
    running: Map<string, ChargeableTenancy>,
    timeZones: Map<string, string>,
  ): Promise<number> {
    const candidates = fees.flatMap((fee) => {
      const tenancy = running.get(tenancyKeyOf({ tenantUserId: fee.tenant_user_id, propertyId: fee.property_id }));
      return tenancy ? [{ fee, tenancy }] : [];
    });
    if (candidates.length === 0) return 0;
    await this.timeZonesOf(candidates.map(({ tenancy }) => tenancy.landlordUserId), timeZones);
    const [tenantsOff, propertySettings] = await Promise.all([
      this.settings.tenantsOff(candidates.map(({ tenancy }) => tenancy.tenantUserId)),
      this.settings.ofProperties([...new Set(candidates.map(({ tenancy }) => tenancy.propertyId))]),
    ]);
    let sentNow = 0;
    for (const { fee, tenancy } of candidates) {
      if (tenantsOff.has(tenancy.tenantUserId) || propertySettings.get(tenancy.propertyId)?.late_fee === false) continue;
      const window = lateFeeNoticeWindow(fee.occurred_at, timeZones.get(tenancy.landlordUserId) as string);
      if (!isOpenAt(window, now)) continue;
      if (await this.record(now, this.tenantReminder(tenancy, window, fee.id))) sentNow++;
    }
    return sentNow;
  }

  /**
   * Each landlord's summary for the week, once: with an email when someone owes rent at a property
   * whose summary is on, else the week's row alone (a balance that appears on Thursday waits for the
   * next Monday, as a weekly summary should).
   */
  private async weeklySummaries(now: Date, landlordUserIds: string[], timeZones: Map<string, string>): Promise<number> {
    if (landlordUserIds.length === 0) return 0;
    await this.timeZonesOf(landlordUserIds, timeZones);
    const windows = new Map(landlordUserIds.map((id) => [id, weeklySummaryWindow(now, timeZones.get(id) as string)]));
    const sent = await this.unitOfWork.query(SUMMARIES_SENT, [landlordUserIds, [...new Set([...windows.values()].map((w) => w.period))]]);
    const done = new Set(sent.map((row) => `${row.landlord_user_id}:${row.period}`));
    let summaries = 0;
    for (const [landlordUserId, window] of windows) {
      if (done.has(`${landlordUserId}:${window.period}`)) continue;
      const owing = await this.queries.execute(new ListUnpaidBalances(landlordUserId));
      const settings = await this.settings.ofProperties([...new Set(owing.map((row) => row.propertyId))]);
      const email = owing.some((row) => settings.get(row.propertyId)?.weekly_summary !== false);
      const reminder: Reminder = {
        occasion: 'weekly_summary',
        period: window.period,
        tenancyId: null,
        landlordUserId,
        recipientUserId: landlordUserId,
        propertyId: null,
        lateFeeJournalId: null,
      };
      if ((await this.record(now, reminder, email)) && email) summaries++;
    }
    return summaries;
  }

  private tenantReminder(tenancy: ChargeableTenancy, window: ReminderWindow, lateFeeJournalId: string | null): Reminder {
    return {
      occasion: window.occasion,
      period: window.period,
      tenancyId: tenancy.tenancyId,
      landlordUserId: tenancy.landlordUserId,
      recipientUserId: tenancy.tenantUserId,
      propertyId: tenancy.propertyId,
      lateFeeJournalId,
    };
  }

  /** The reminder's row and its email's outbox row in one statement; false when its key was taken (sent before). */
  private async record(now: Date, reminder: Reminder, email = true): Promise<boolean> {
    const payload: SendRentReminderEmailJob = {
      occasion: reminder.occasion,
      period: reminder.period,
      recipientUserId: reminder.recipientUserId,
      landlordUserId: reminder.landlordUserId,
      propertyId: reminder.propertyId,
      lateFeeJournalId: reminder.lateFeeJournalId,
    };
    const rows = await this.outbox.writeWith<{ id: string }>(
      this.unitOfWork.manager,
      {
        steps: RECORD,
        result: 'reminder',
        params: [reminder.occasion, reminder.tenancyId, reminder.landlordUserId, reminder.period, reminder.recipientUserId, now],
      },
      email ? [{ queue: RENT_REMINDER_EMAILS_QUEUE, jobName: SEND_RENT_REMINDER_EMAIL_JOB, payload }] : [],
    );
    return rows.length > 0;
  }
}
