import { HttpException, Injectable, Logger } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AUTOPAY_FAILURES_TO_TURN_OFF,
  AUTOPAY_RETRY_DAYS,
  autopayAmountCents,
  autopayDebitAt,
  autopayDueCents,
  autopayNoticeAt,
  autopayRetries,
  autopayWindowEnd,
  monthsThrough,
  nextAutopayMonth,
} from '@rentwise/libs/autopay';
import { blocksBankAccount } from '@rentwise/libs/bank-debits';
import { type BillingMonth, billingMonthKey, localYearMonthAt } from '@rentwise/libs/billing-month';
import { MESSAGES } from '@rentwise/libs/messages';
import { DEFAULT_RENT_DUE_DAY } from '@rentwise/libs/rent-charges';
import { tenantBalanceCents } from '@rentwise/libs/tenant-balance';
import { randomUUID } from 'node:crypto';
import { Faults } from '../../../infrastructure/faults/faults';
import { isDependencyUnavailable } from '../../../infrastructure/http/dependency-unavailable';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { Outbox, type OutboxJob } from '../../../infrastructure/outbox/outbox';
import { GetRentTerms } from '../../properties/contracts/get-rent-terms.query';
import { GetTenancy } from '../../tenants/contracts/get-tenancy.query';
import type { TenancyView } from '../../tenants/contracts/tenancy-view';
import { Mandates } from '../bank-accounts/mandates';
import { CardAttempts } from '../card-payments/card-attempts';
import { CardAuthorizations } from '../saved-cards/card-authorizations';
import { TenantLedgerReader } from '../charges/tenant-ledger-reader';
import { GetLandlordTimeZones } from '../contracts/get-landlord-time-zone.query';
import type { AutopayRunSummary as AutopayRun } from '../contracts/run-autopay.command';
import { PayRentAutomatically } from '../pay-rent/pay-rent.command';
import { type AutopayPlan, AutopayPlans } from './autopay-plans';
import { AUTOPAY_EMAILS_QUEUE, type AutopayEmailOccasion, SEND_AUTOPAY_EMAIL_JOB, type SendAutopayEmailJob } from './send-autopay-email.job';

/** Plans read per page. */
const PAGE_SIZE = 500;
/**
 * Automatic payments a run makes at once: each waits on the provider (a few hundred milliseconds at
 * Stripe) and on its own statements, so a few at a time, well inside the provider's rate limit.
 */
const PAYMENTS_AT_ONCE = 4;
const DAY_MS = 86_400_000;
/** Refusals that say the landlord cannot be paid this way, or the account or card is gone, rather than a decline. */
const NOT_OFFERED: ReadonlySet<string> = new Set([
  MESSAGES.bankDebitsNotOffered,
  MESSAGES.savedBankAccountNotFound,
  MESSAGES.bankAccountBlocked,
  MESSAGES.landlordCannotBePaid,
  MESSAGES.cardGatewayChanged,
  MESSAGES.savedCardNotFound,
]);


/** What placing a plan on its landlord's calendar needs (a tenant without a plan has these too). */
export type SchedulablePlan = Pick<AutopayPlan, 'tenancyId' | 'propertyId' | 'landlordUserId' | 'daysBeforeDue' | 'turnedOnAt'>;

/** A plan with where it stands at the run's instant. */
export interface ScheduledPlan<Plan extends SchedulablePlan = AutopayPlan> {
  plan: Plan;
  month: BillingMonth;
  period: string;
  dueDay: number;
  timeZone: string;
  debitAt: Date;
}

interface RunRow {
  id: string;
  tenancy_id: string;
  period: string;
  attempt: number;
  tenant_user_id: string;
  landlord_user_id: string;
  property_id: string;
  idempotency_key: string;
  amount_cents: number;
  status: string;
}

/**
 * Runs autopay at an instant (decision 0042): the notice three days before each debit, the month's
 * automatic payment on its day, the one retry of a debit returned for insufficient funds, and what
 * came of the payments still processing. Each automatic payment is a row under (tenancy, month,
 * attempt) holding its idempotency key and amount, written before the provider is called; PayRent
 * charges once per key. So two runs at once, a crash between the provider's answer and our commit,
 * or a replayed job pay once: a row left 'started' is paid again under the same key, which answers
 * what the first call did.
 */
@Injectable()
export class AutopayRunner {
  private readonly logger = new Logger(AutopayRunner.name);

  constructor(
    private readonly plans: AutopayPlans,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: Outbox,
    private readonly ledger: TenantLedgerReader,
    private readonly mandates: Mandates,
    private readonly cardAuthorizations: CardAuthorizations,
    private readonly attempts: CardAttempts,
    private readonly faults: Faults,
  ) {}

  async runAt(now: Date): Promise<AutopayRun> {
    const run: AutopayRun = { plans: 0, notices: 0, payments: 0, settled: 0 };
    // What came of earlier payments first: a failure may turn a plan off, or schedule its retry.
    run.settled += await this.followUp(now);
    for (let after: string | null = null; ; ) {
      const page = await this.plans.onAfter(after, PAGE_SIZE);
      if (page.length === 0) break;
      run.plans += page.length;
      const scheduled = await this.schedule(page, now);
      run.notices += await this.sendNotices(scheduled.filter((s) => now >= autopayNoticeAt(s.month, s.dueDay, s.plan.daysBeforeDue, s.timeZone) && now < s.debitAt), now);
      const due = scheduled.filter((s) => now >= s.debitAt && now < autopayWindowEnd(s.month, s.dueDay, s.timeZone));
      // A month's payment already made is known from one read per page, not a read per plan.
      const done = await this.finishedRuns(due);
      run.payments += await this.payAll(due.filter((s) => !done.has(`${s.plan.tenancyId}:${s.period}`)), now);
      if (page.length < PAGE_SIZE) break;
      after = page[page.length - 1].tenantUserId;
    }
    run.payments += await this.retries(now);
    if (run.notices + run.payments + run.settled > 0) this.logger.log({ ...run, at: now.toISOString() }, 'Autopay ran');
    return run;
  }

  /** Each plan's next month, its due day and zone, and when its debit runs. */
  async schedule<Plan extends SchedulablePlan>(page: readonly Plan[], now: Date): Promise<ScheduledPlan<Plan>[]> {
    const [terms, timeZones] = await Promise.all([
      this.queries.execute(new GetRentTerms([...new Set(page.map((plan) => plan.propertyId))])),
      this.queries.execute(new GetLandlordTimeZones([...new Set(page.map((plan) => plan.landlordUserId))])),
    ]);
    return page.map((plan) => {
      const dueDay = terms.get(plan.propertyId)?.dueDay ?? DEFAULT_RENT_DUE_DAY;
      const timeZone = timeZones.get(plan.landlordUserId) as string;
      const month = nextAutopayMonth(now, { dueDay, daysBeforeDue: plan.daysBeforeDue, timeZone, turnedOnAt: plan.turnedOnAt }, localYearMonthAt(now, timeZone));
      return { plan, month, period: billingMonthKey(month), dueDay, timeZone, debitAt: autopayDebitAt(month, dueDay, plan.daysBeforeDue, timeZone) };
    });
  }

  /** The plan's next automatic payment as the tenant sees it: once a month's has run, the month after. */
  async nextOf<Plan extends SchedulablePlan>(plan: Plan, now: Date): Promise<ScheduledPlan<Plan>> {
    const [scheduled] = await this.schedule([plan], now);
    if (!(await this.runOf(plan.tenancyId, scheduled.period, 1))) return scheduled;
    const [after] = await this.schedule([plan], autopayWindowEnd(scheduled.month, scheduled.dueDay, scheduled.timeZone));
    return after;
  }

  /**
   * What the tenant owes on the day of that month's debit: the balance, and the rent of each month up
   * to it not charged yet (today's estimate counts a due date falling before the debit too).
   */
  async dueCents(plan: AutopayPlan, tenancy: TenancyView, month: BillingMonth, now: Date, timeZone: string): Promise<number> {
    const months = monthsThrough(localYearMonthAt(now, timeZone), month);
    const [journals, charged] = await Promise.all([
      this.ledger.journals(plan.tenantUserId, plan.propertyId),
      this.unitOfWork.manager.query<{ rent_year: number; rent_month: number }[]>(
        `SELECT rent_year, rent_month FROM payments.rent_charges WHERE tenancy_id = $1 AND kind = 'charge' AND (rent_year * 12 + rent_month) >= $2`,
        [tenancy.tenancyId, (months[0]?.year ?? month.year) * 12 + (months[0]?.month ?? month.month)],
      ),
    ]);
    const chargedMonths = new Set(charged.map((row) => row.rent_year * 12 + row.rent_month));
    const uncharged = months.filter((m) => !chargedMonths.has(m.year * 12 + m.month)).map(() => tenancy.rentCents);
    return autopayDueCents(tenantBalanceCents(journals), uncharged);
  }

  private async sendNotices(open: ScheduledPlan[], now: Date): Promise<number> {
    if (open.length === 0) return 0;
    const sent = await this.unitOfWork.manager.query<{ tenancy_id: string; period: string }[]>(
      `SELECT tenancy_id, period FROM payments.autopay_notices WHERE tenancy_id = ANY($1::uuid[]) AND period = ANY($2::text[])`,
      [open.map((s) => s.plan.tenancyId), [...new Set(open.map((s) => s.period))]],
    );
    const done = new Set(sent.map((row) => `${row.tenancy_id}:${row.period}`));
    const skipped = await this.plans.skips(open.map((s) => s.plan.tenantUserId), [...new Set(open.map((s) => s.period))]);
    let notices = 0;
    for (const scheduled of open) {
      const { plan, period } = scheduled;
      if (done.has(`${plan.tenancyId}:${period}`) || skipped.has(`${plan.tenantUserId}:${period}`)) continue;
      const tenancy = await this.runningTenancy(plan);
      if (!tenancy) continue;
      const amountCents = autopayAmountCents(plan.amount, await this.dueCents(plan, tenancy, scheduled.month, now, scheduled.timeZone));
      if (amountCents === 0) continue;
      const rows = await this.outbox.writeWith<{ tenancy_id: string }>(
        this.unitOfWork.manager,
        {
          steps: `notice AS (INSERT INTO payments.autopay_notices (tenancy_id, period, tenant_user_id, estimated_cents, debit_at, sent_at)
                   VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING tenancy_id)`,
          result: 'notice',
          params: [plan.tenancyId, period, plan.tenantUserId, amountCents, scheduled.debitAt, now],
        },
        [this.email(plan, 'notice', period, amountCents, scheduled.debitAt, null, scheduled.timeZone, false)],
      );
      if (rows.length > 0) notices++;
    }
    return notices;
  }

  /** A page's months, a few at a time; the first error (an outage) stops taking new ones and is thrown once all stop. */
  private async payAll(months: readonly ScheduledPlan[], now: Date): Promise<number> {
    let next = 0;
    let payments = 0;
    let failure: unknown = null;
    const lane = async (): Promise<void> => {
      while (next < months.length && failure === null) {
        const month = months[next++];
        try {
          if (await this.pay(month, 1, now)) payments++;
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PAYMENTS_AT_ONCE, months.length) }, lane));
    if (failure !== null) throw failure;
    return payments;
  }

  /**
   * The month's automatic payment, attempt 1 or the retry: its row first (or the row a crashed run
   * left 'started'), then the payment under the row's key. True when this call started or finished one.
   */
  private async pay(scheduled: ScheduledPlan, attempt: 1 | 2, now: Date): Promise<boolean> {
    const { plan, period, month } = scheduled;
    let run = await this.runOf(plan.tenancyId, period, attempt);
    if (run && run.status !== 'started') return false;
    if (!run) {
      const tenancy = await this.runningTenancy(plan);
      if (!tenancy) return false;
      const skippedMonth = attempt === 1 && (await this.plans.skips([plan.tenantUserId], [period])).size > 0;
      const amountCents = skippedMonth ? 0 : autopayAmountCents(plan.amount, await this.dueCents(plan, tenancy, month, now, scheduled.timeZone));
      const status = skippedMonth ? 'skipped' : amountCents === 0 ? 'nothing_due' : 'started';
      const [inserted] = await this.unitOfWork.manager.query<RunRow[]>(
        `INSERT INTO payments.autopay_runs
           (id, tenancy_id, period, attempt, tenant_user_id, landlord_user_id, property_id, idempotency_key, amount_cents, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
         ON CONFLICT (tenancy_id, period, attempt) DO NOTHING RETURNING *`,
        [randomUUID(), plan.tenancyId, period, attempt, plan.tenantUserId, plan.landlordUserId, plan.propertyId, randomUUID(), amountCents, status, now],
      );
      // Another run stored it first: that run pays it.
      if (!inserted) return false;
      if (inserted.status !== 'started') return true;
      run = inserted;
      this.faults.crashPoint('autopay-after-store-before-pay');
    }
    await this.charge(run, plan, scheduled.timeZone, now);
    return true;
  }

  /**
   * The payment of a plan's month under the run's key and amount: from the saved bank account under
   * its recurring mandate, or with the saved card, charged off-session, under its card authorization.
   * Either names the address the authorization was given from.
   */
  async paymentOf(plan: AutopayPlan, amountCents: number, idempotencyKey: string): Promise<PayRentAutomatically> {
    const { method } = plan;
    if (method.kind === 'card') {
      const clientAddress = await this.cardAuthorizations.clientAddressOf(method.authorizationId);
      if (clientAddress === null) throw new Error(`Autopay of tenant ${plan.tenantUserId} names card authorization ${method.authorizationId}, which is not stored`);
      return new PayRentAutomatically(plan.tenantUserId, { amountCents, idempotencyKey, method: { way: 'stripe_card', savedCardId: method.savedCardId } }, clientAddress);
    }
    const mandate = await this.mandates.acceptance(method.mandateId);
    if (!mandate) throw new Error(`Autopay of tenant ${plan.tenantUserId} names mandate ${method.mandateId}, which is not stored`);
    return new PayRentAutomatically(
      plan.tenantUserId,
      {
        amountCents,
        idempotencyKey,
        method: { way: 'stripe_bank_debit', bankAccount: { savedAccountId: method.bankAccountId }, mandate: { standingMandateId: method.mandateId, ...mandate } },
      },
      mandate.clientAddress,
    );
  }

  /**
   * Pays a stored run under its key; a refusal is final for the run, an outage leaves it 'started' for
   * the next run. A card is charged at once: its decline (the bank's, or one needing the tenant there
   * for 3-D Secure) comes back now, never as processing.
   */
  private async charge(run: RunRow, plan: AutopayPlan, timeZone: string, now: Date): Promise<void> {
    const payment = await this.paymentOf(plan, run.amount_cents, run.idempotency_key);
    try {
      const paid = await this.commands.execute(payment);
      this.faults.crashPoint('autopay-after-pay-before-record');
      await this.setStatus(run, paid.paymentStatus === 'processing' ? 'processing' : paid.paymentStatus, now);
      if (paid.paymentStatus === 'succeeded') await this.plans.countSuccess(plan.tenantUserId);
    } catch (error) {
      if (!(error instanceof HttpException) || isDependencyUnavailable(error) || error.getStatus() >= 500) throw error;
      const message = typeof error.getResponse() === 'string' ? (error.getResponse() as string) : error.message;
      const notOffered = NOT_OFFERED.has(message);
      // A declined attempt keeps the provider's code (a card's authentication_required, insufficient_funds...).
      const code = notOffered ? null : ((await this.attempts.byKey(run.idempotency_key))?.failureCode ?? null);
      this.logger.warn({ tenantUserId: run.tenant_user_id, period: run.period, reason: message, code }, 'Automatic payment refused');
      await this.failed(run, plan, notOffered ? 'not_offered' : 'declined', code, message, timeZone, now);
    }
  }

  /**
   * A run that failed: a bank return for insufficient funds is tried once more in three days, a card
   * never (decision 0042); after two failures in a row, or an account the bank blocked, autopay turns
   * off and says so to both sides.
   */
  private async failed(run: RunRow, plan: AutopayPlan, status: 'failed' | 'declined' | 'not_offered', code: string | null, reason: string, timeZone: string, now: Date): Promise<void> {
    const failures = plan.failuresInRow + 1;
    const byBank = plan.method.kind === 'bank_account';
    const blocked = byBank && (blocksBankAccount(code) || reason === MESSAGES.bankAccountBlocked || reason === MESSAGES.savedBankAccountNotFound);
    const turnOff = blocked || failures >= AUTOPAY_FAILURES_TO_TURN_OFF;
    const retryAt = !turnOff && autopayRetries(code, byBank ? 'bank_debit' : 'card', run.attempt) ? new Date(now.getTime() + AUTOPAY_RETRY_DAYS * DAY_MS) : null;
    const tenantEmail: AutopayEmailOccasion = turnOff ? 'turned_off' : retryAt ? 'retrying' : 'failed';
    const jobs = [this.email(plan, tenantEmail, run.period, run.amount_cents, retryAt, reason, timeZone, false)];
    if (turnOff) jobs.push(this.email(plan, 'turned_off', run.period, run.amount_cents, null, reason, timeZone, true));
    if (!(await this.setStatus(run, status, now, { code, reason, retryAt }, jobs))) return;
    await this.plans.countFailure(plan.tenantUserId);
    if (turnOff) await this.plans.turnOff(plan.tenantUserId, blocked ? 'account_blocked' : 'failures');
  }

  /** The run's new status with its emails, in one statement; false when another run moved it first. */
  private async setStatus(
    run: RunRow,
    status: string,
    now: Date,
    failure: { code: string | null; reason: string; retryAt: Date | null } | null = null,
    jobs: OutboxJob<object>[] = [],
  ): Promise<boolean> {
    const rows = await this.outbox.writeWith<{ id: string }>(
      this.unitOfWork.manager,
      {
        steps: `run AS (UPDATE payments.autopay_runs SET status = $3, failure_code = $4, failure_message = $5, retry_after = $6, updated_at = $7
                 WHERE id = $1 AND status = $2 RETURNING id)`,
        result: 'run',
        params: [run.id, run.status, status, failure?.code ?? null, failure?.reason ?? null, failure?.retryAt ?? null, now],
      },
      jobs,
    );
    return rows.length > 0;
  }

  /**
   * Payments still processing whose attempt the provider has decided since (only those: a thousand
   * debits still at the bank must not hold back the ones decided), and runs a crash left
   * 'started' (paid again under their key: the provider and PayRent answer what the first call did).
   */
  private async followUp(now: Date): Promise<number> {
    const rows = await this.unitOfWork.manager.query<(RunRow & { payment_status: string | null; payment_failure_code: string | null; payment_failure_message: string | null })[]>(
      `SELECT r.*, c.status AS payment_status, c.failure_code AS payment_failure_code, c.failure_message AS payment_failure_message
         FROM payments.autopay_runs r LEFT JOIN payments.card_payments c ON c.idempotency_key = r.idempotency_key::text
        WHERE r.status = 'started' OR (r.status = 'processing' AND c.status IN ('succeeded', 'failed'))
        ORDER BY r.created_at LIMIT 1000`,
    );
    if (rows.length === 0) return 0;
    let settled = 0;
    const timeZones = await this.queries.execute(new GetLandlordTimeZones([...new Set(rows.map((row) => row.landlord_user_id))]));
    for (const row of rows) {
      const plan = await this.plans.ofTenant(row.tenant_user_id);
      if (!plan) continue;
      const timeZone = timeZones.get(row.landlord_user_id) as string;
      if (row.status === 'started') {
        await this.charge(row, plan, timeZone, now);
        settled++;
      } else if (row.payment_status === 'succeeded') {
        if (await this.setStatus(row, 'succeeded', now)) await this.plans.countSuccess(plan.tenantUserId);
        settled++;
      } else if (row.payment_status === 'failed') {
        await this.failed(row, plan, 'failed', row.payment_failure_code, row.payment_failure_message ?? MESSAGES.unexpectedError, timeZone, now);
        settled++;
      }
    }
    return settled;
  }

  /** Failed first attempts whose retry time has come, for plans still on. */
  private async retries(now: Date): Promise<number> {
    const due = await this.unitOfWork.manager.query<{ tenant_user_id: string; period: string }[]>(
      `SELECT r.tenant_user_id, r.period FROM payments.autopay_runs r
        WHERE r.retry_after IS NOT NULL AND r.retry_after <= $1 AND r.attempt = 1
          AND NOT EXISTS (SELECT 1 FROM payments.autopay_runs n WHERE n.tenancy_id = r.tenancy_id AND n.period = r.period AND n.attempt = 2 AND n.status <> 'started')`,
      [now],
    );
    let payments = 0;
    for (const { tenant_user_id, period } of due) {
      const plan = await this.plans.ofTenant(tenant_user_id);
      if (!plan?.isOn) continue;
      const [scheduled] = await this.schedule([plan], now);
      const month = { year: Number(period.slice(0, 4)), month: Number(period.slice(5, 7)) };
      if (await this.pay({ ...scheduled, month, period }, 2, now)) payments++;
    }
    return payments;
  }

  /** The page's months whose first payment is stored and not left half done, as 'tenancy:period'. */
  private async finishedRuns(due: readonly ScheduledPlan[]): Promise<Set<string>> {
    if (due.length === 0) return new Set();
    const rows = await this.unitOfWork.manager.query<{ tenancy_id: string; period: string }[]>(
      `SELECT tenancy_id, period FROM payments.autopay_runs
        WHERE attempt = 1 AND status <> 'started' AND tenancy_id = ANY($1::uuid[]) AND period = ANY($2::text[])`,
      [due.map((s) => s.plan.tenancyId), [...new Set(due.map((s) => s.period))]],
    );
    return new Set(rows.map((row) => `${row.tenancy_id}:${row.period}`));
  }

  private async runOf(tenancyId: string, period: string, attempt: number): Promise<RunRow | null> {
    const [row] = await this.unitOfWork.manager.query<RunRow[]>(
      `SELECT * FROM payments.autopay_runs WHERE tenancy_id = $1 AND period = $2 AND attempt = $3`,
      [tenancyId, period, attempt],
    );
    return row ?? null;
  }

  /** The tenant's home when it is still the one autopay was turned on for: a removed tenant is never charged. */
  private async runningTenancy(plan: AutopayPlan): Promise<TenancyView | null> {
    const tenancy = await this.queries.execute(new GetTenancy(plan.tenantUserId));
    return tenancy && tenancy.tenancyId === plan.tenancyId ? tenancy : null;
  }

  private email(
    plan: AutopayPlan,
    occasion: AutopayEmailOccasion,
    period: string,
    amountCents: number,
    at: Date | null,
    reason: string | null,
    timeZone: string,
    toLandlord: boolean,
  ): OutboxJob<SendAutopayEmailJob> {
    return {
      queue: AUTOPAY_EMAILS_QUEUE,
      jobName: SEND_AUTOPAY_EMAIL_JOB,
      payload: {
        occasion,
        method: plan.method.kind,
        recipientUserId: toLandlord ? plan.landlordUserId : plan.tenantUserId,
        toLandlord,
        tenantUserId: plan.tenantUserId,
        propertyId: plan.propertyId,
        period,
        amountCents,
        at: at?.toISOString() ?? null,
        reason,
        timeZone,
      },
    };
  }
}
