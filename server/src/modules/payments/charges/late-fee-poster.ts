import { Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { billingMonthKey, billingMonthLabel, type BillingMonth } from '@rentwise/libs/billing-month';
import { type LateFeeDue, lateFeesDue, type LateMonthOutcome, rentUnpaidCents } from '@rentwise/libs/late-fee-postings';
import { daysLate, lateFeesAreOn, lateFrom } from '@rentwise/libs/late-fees';
import { rentInEffectAt } from '@rentwise/libs/rent-charges';
import type { TenantJournal } from '@rentwise/libs/tenant-balance';
import { Clock } from '../../../infrastructure/clock/clock';
import { isoTimestamp } from '../../../infrastructure/database/iso-timestamp';
import { preparedStatement } from '../../../infrastructure/database/prepared-statement';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { newEnvelope, type Envelope } from '../../../infrastructure/messaging/envelope';
import { GetRentHistories } from '../../properties/contracts/get-rent-histories.query';
import { GetRentTerms, type PropertyRentTerms } from '../../properties/contracts/get-rent-terms.query';
import { type ChargeableTenancy, ListTenanciesToCharge } from '../../tenants/contracts/list-tenancies-to-charge.query';
import { GetLandlordTimeZone } from '../contracts/get-landlord-time-zone.query';
import { insertJournal } from '../ledger/journal-insert';
import { TenantLedgerReader } from './tenant-ledger-reader';

/** Tenancies read per page, as the charging job reads them. */
const PAGE_SIZE = 200;
const CHARGES_PROVIDER = 'rentwise';
/**
 * A day of lateness is judged an hour after it begins: a bank debit the tenant sent before the
 * deadline is posted (dated when it was sent) once the provider says it is processing, which takes
 * moments; the hour lets it arrive before its absence could make the rent look late.
 */
export const LATE_FEE_JUDGED_AFTER_MS = 60 * 60_000;
/** The earliest month a fee can be due for, before late fees were turned on: 20 days' grace and a move-in month's length. */
const MONTHS_BEFORE_SINCE_MS = 60 * 86_400_000;

/**
 * Each open month of the page's tenancies from a lower bound: charged, not yet settled for late fees,
 * with what its fees have come to (index probes on both primary keys; settled months are skipped).
 */
const OPEN_MONTHS = preparedStatement<
  { tenancy_id: string; rent_year: number; rent_month: number; charged_at: string; last_day: number; posted_cents: string },
  [tenancyIds: string[], fromYears: number[], fromMonths: number[]]
>(
  'payments.late-fee-open-months',
  `SELECT r.tenancy_id, r.rent_year, r.rent_month, ${isoTimestamp('t.occurred_at')} AS charged_at,
          coalesce(f.last_day, 0)::int AS last_day, coalesce(f.posted, 0)::text AS posted_cents
     FROM unnest($1::uuid[], $2::int[], $3::int[]) AS p(id, from_year, from_month)
     JOIN payments.rent_charges r ON r.tenancy_id = p.id AND r.kind = 'charge' AND (r.rent_year, r.rent_month) >= (p.from_year, p.from_month)
     JOIN payments.ledger_transactions t ON t.id = r.transaction_id
     LEFT JOIN LATERAL (
       SELECT max(l.late_day) AS last_day, sum(l.amount_cents) AS posted FROM payments.late_fees l
        WHERE l.tenancy_id = r.tenancy_id AND l.rent_year = r.rent_year AND l.rent_month = r.rent_month) f ON true
    WHERE NOT EXISTS (
      SELECT 1 FROM payments.late_fee_months s WHERE s.tenancy_id = r.tenancy_id AND s.rent_year = r.rent_year AND s.rent_month = r.rent_month)`,
);

const RECORD_FEE = preparedStatement<never, [tenancyId: string, year: number, month: number, day: number, transactionId: string, amountCents: number]>(
  'payments.record-late-fee',
  `INSERT INTO payments.late_fees (tenancy_id, rent_year, rent_month, late_day, transaction_id, amount_cents) VALUES ($1, $2, $3, $4, $5, $6)`,
);

const SETTLE_MONTH = preparedStatement<never, [tenancyId: string, year: number, month: number, outcome: LateMonthOutcome, settledAt: Date]>(
  'payments.settle-late-fee-month',
  `INSERT INTO payments.late_fee_months (tenancy_id, rent_year, rent_month, outcome, settled_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
);

interface OpenMonth {
  month: BillingMonth;
  chargedAt: Date;
  lastDayPosted: number;
  postedCents: number;
}

export interface LateFeeRun {
  /** Months looked at: late, not yet settled. */
  months: number;
  fees: number;
  settled: number;
}

/**
 * Posts the late fees rent has come to by an instant (decision 0040): for each charged month whose
 * lateness moment has passed since the property's late fees were turned on, the fee once if rent was
 * unpaid at that moment, then the daily amount for each further day still unpaid, up to the cap. A
 * month paid, or charged all its rule allows, is settled and never read again. Exactly once however
 * many run: each journal's key names the tenancy, month and day, and a taken key writes nothing.
 */
@Injectable()
export class LateFeePoster {
  private readonly logger = new Logger(LateFeePoster.name);

  constructor(
    private readonly queries: QueryBus,
    private readonly unitOfWork: UnitOfWork,
    private readonly ledger: TenantLedgerReader,
    private readonly clock: Clock,
  ) {}

  async postThrough(now: Date, envelope: Envelope = newEnvelope(now)): Promise<LateFeeRun> {
    const run: LateFeeRun = { months: 0, fees: 0, settled: 0 };
    const timeZones = new Map<string, string>();
    for (let after: string | null = null; ; ) {
      const page: ChargeableTenancy[] = await this.queries.execute(new ListTenanciesToCharge(after, PAGE_SIZE));
      if (page.length === 0) break;
      const posted = await this.postPage(page, now, envelope, timeZones);
      run.months += posted.months;
      run.fees += posted.fees;
      run.settled += posted.settled;
      if (page.length < PAGE_SIZE) break;
      after = page[page.length - 1].tenancyId;
    }
    if (run.fees > 0) this.logger.log({ ...run, through: now.toISOString() }, 'Late fees charged');
    return run;
  }

  private async postPage(page: ChargeableTenancy[], now: Date, envelope: Envelope, timeZones: Map<string, string>): Promise<LateFeeRun> {
    const run: LateFeeRun = { months: 0, fees: 0, settled: 0 };
    const terms = await this.queries.execute(new GetRentTerms([...new Set(page.map((tenancy) => tenancy.propertyId))]));
    const charging = page.filter((tenancy) => {
      const propertyTerms = terms.get(tenancy.propertyId);
      return propertyTerms?.lateFeesSince && lateFeesAreOn(propertyTerms.lateFees);
    });
    if (charging.length === 0) return run;

    const from = charging.map((tenancy) => {
      const earliest = new Date((terms.get(tenancy.propertyId)?.lateFeesSince as Date).getTime() - MONTHS_BEFORE_SINCE_MS);
      return { year: earliest.getUTCFullYear(), month: earliest.getUTCMonth() + 1 };
    });
    const rows = await this.unitOfWork.query(OPEN_MONTHS, [
      charging.map((tenancy) => tenancy.tenancyId),
      from.map((month) => month.year),
      from.map((month) => month.month),
    ]);
    if (rows.length === 0) return run;
    const openByTenancy = new Map<string, OpenMonth[]>();
    for (const row of rows) {
      const months = openByTenancy.get(row.tenancy_id) ?? [];
      months.push({
        month: { year: row.rent_year, month: row.rent_month },
        chargedAt: new Date(row.charged_at),
        lastDayPosted: row.last_day,
        postedCents: Number(row.posted_cents),
      });
      openByTenancy.set(row.tenancy_id, months);
    }

    const judgedAt = new Date(now.getTime() - LATE_FEE_JUDGED_AFTER_MS);
    const histories = await this.queries.execute(new GetRentHistories([...new Set(charging.map((tenancy) => tenancy.propertyId))]));
    for (const tenancy of charging) {
      const propertyTerms = terms.get(tenancy.propertyId) as PropertyRentTerms;
      const since = propertyTerms.lateFeesSince as Date;
      if (!timeZones.has(tenancy.landlordUserId)) timeZones.set(tenancy.landlordUserId, await this.queries.execute(new GetLandlordTimeZone(tenancy.landlordUserId)));
      const timeZone = timeZones.get(tenancy.landlordUserId) as string;
      // Late since fees were turned on, with a day to judge that no run has judged yet: a month charged
      // its fee for today is not read again until tomorrow (the job runs every 15 minutes).
      const due = (openByTenancy.get(tenancy.tenancyId) ?? []).filter((open) => {
        const lateAt = lateFrom(open.chargedAt, propertyTerms.lateFees.graceDays, timeZone);
        return lateAt.getTime() >= since.getTime() && daysLate(lateAt, judgedAt, timeZone) > open.lastDayPosted;
      });
      if (due.length === 0) continue;
      const journals: TenantJournal[] = await this.ledger.journals(tenancy.tenantUserId, tenancy.propertyId);
      const rentHistory = (histories.get(tenancy.propertyId) ?? []).map((period) => ({ rentCents: period.rentCents, effectiveFrom: new Date(period.effectiveFrom) }));
      const work = due.map((open) => ({
        open,
        plan: lateFeesDue({
          month: { ...open, fullRentCents: rentInEffectAt(open.chargedAt, rentHistory) ?? 0 },
          policy: propertyTerms.lateFees,
          timeZone,
          judgedAt,
          unpaidAt: (at) => rentUnpaidCents(journals, open.chargedAt, at),
        }),
      }));
      run.months += work.length;
      if (work.every(({ plan }) => plan.fees.length === 0 && plan.settled === null)) continue;
      await this.unitOfWork.run(async () => {
        for (const { open, plan } of work) {
          for (const fee of plan.fees) {
            if (await this.post(tenancy, open.month, fee, envelope)) run.fees++;
          }
          if (plan.settled) {
            await this.unitOfWork.query(SETTLE_MONTH, [tenancy.tenancyId, open.month.year, open.month.month, plan.settled, this.clock.now()]);
            run.settled++;
          }
        }
      });
    }
    return run;
  }

  /** One fee's journal and its row; false when another run posted it first (its key is taken). */
  private async post(tenancy: ChargeableTenancy, month: BillingMonth, fee: LateFeeDue, envelope: Envelope): Promise<boolean> {
    const monthKey = billingMonthKey(month);
    const transactionId = await insertJournal(
      this.unitOfWork,
      {
        idempotencyKey: fee.day === 1 ? `late-fee:${tenancy.tenancyId}:${monthKey}` : `late-fee:${tenancy.tenancyId}:${monthKey}:day-${fee.day}`,
        inputHash: null,
        kind: 'late_fee',
        occurredAt: fee.occurredAt,
        recordedAt: this.clock.now(),
        tenantUserId: tenancy.tenantUserId,
        landlordUserId: tenancy.landlordUserId,
        propertyId: tenancy.propertyId,
        description: fee.day === 1 ? `Late fee: ${billingMonthLabel(month)} rent` : `Late fee: ${billingMonthLabel(month)} rent, day ${fee.day} late`,
        provider: CHARGES_PROVIDER,
        providerReference: null,
        correlationId: envelope.correlationId,
        causationId: envelope.id,
        correctsTransactionId: null,
      },
      [
        { account: 'tenant_receivable', amountCents: fee.amountCents },
        { account: 'late_fees_charged', amountCents: -fee.amountCents },
      ],
    );
    if (!transactionId) return false;
    await this.unitOfWork.query(RECORD_FEE, [tenancy.tenancyId, month.year, month.month, fee.day, transactionId, fee.amountCents]);
    return true;
  }
}
