import { Injectable } from '@nestjs/common';
import type { AutopayAmount } from '@rentwise/libs/autopay';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';

/** Why autopay is off: the tenant turned it off, two payments failed in a row, or the bank blocked the account. */
export type AutopayOffReason = 'tenant' | 'failures' | 'account_blocked';

/**
 * What a plan pays from, under which standing authorization: a saved bank account under its recurring
 * mandate (`payments.bank_debit_mandates`), or a saved card under its card authorization.
 */
export type AutopayMethod =
  | { kind: 'bank_account'; bankAccountId: string; mandateId: string }
  | { kind: 'card'; savedCardId: string; authorizationId: string };

export interface AutopayPlan {
  tenantUserId: string;
  tenancyId: string;
  landlordUserId: string;
  propertyId: string;
  method: AutopayMethod;
  daysBeforeDue: number;
  amount: AutopayAmount;
  isOn: boolean;
  turnedOnAt: Date;
  turnedOffAt: Date | null;
  turnedOffReason: AutopayOffReason | null;
  failuresInRow: number;
}

export type NewAutopayPlan = Omit<AutopayPlan, 'isOn' | 'turnedOffAt' | 'turnedOffReason' | 'failuresInRow'>;

interface PlanRow {
  tenant_user_id: string;
  tenancy_id: string;
  landlord_user_id: string;
  property_id: string;
  method: AutopayMethod['kind'];
  bank_account_id: string | null;
  mandate_id: string | null;
  saved_card_id: string | null;
  card_authorization_id: string | null;
  days_before_due: number;
  amount_kind: 'balance' | 'fixed';
  fixed_cents: number | null;
  is_on: boolean;
  turned_on_at: Date;
  turned_off_at: Date | null;
  turned_off_reason: AutopayOffReason | null;
  failures_in_row: number;
}

const planOf = (row: PlanRow): AutopayPlan => ({
  tenantUserId: row.tenant_user_id,
  tenancyId: row.tenancy_id,
  landlordUserId: row.landlord_user_id,
  propertyId: row.property_id,
  // The table's CHECK holds exactly the method's two ids.
  method:
    row.method === 'card'
      ? { kind: 'card', savedCardId: row.saved_card_id as string, authorizationId: row.card_authorization_id as string }
      : { kind: 'bank_account', bankAccountId: row.bank_account_id as string, mandateId: row.mandate_id as string },
  daysBeforeDue: row.days_before_due,
  amount: row.amount_kind === 'fixed' ? { kind: 'fixed', cents: row.fixed_cents as number } : { kind: 'balance' },
  isOn: row.is_on,
  turnedOnAt: row.turned_on_at,
  turnedOffAt: row.turned_off_at,
  turnedOffReason: row.turned_off_reason,
  failuresInRow: row.failures_in_row,
});

/** The one owner of `payments.autopay_plans` and `payments.autopay_skips` (decision 0042). */
@Injectable()
export class AutopayPlans {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async ofTenant(tenantUserId: string): Promise<AutopayPlan | null> {
    const [row] = await this.unitOfWork.manager.query<PlanRow[]>(`SELECT * FROM payments.autopay_plans WHERE tenant_user_id = $1`, [tenantUserId]);
    return row ? planOf(row) : null;
  }

  /** Plans that are on, a page at a time in tenant order. */
  async onAfter(afterTenantUserId: string | null, limit: number): Promise<AutopayPlan[]> {
    const rows = await this.unitOfWork.manager.query<PlanRow[]>(
      `SELECT * FROM payments.autopay_plans WHERE is_on AND ($1::uuid IS NULL OR tenant_user_id > $1) ORDER BY tenant_user_id LIMIT $2`,
      [afterTenantUserId, limit],
    );
    return rows.map(planOf);
  }

  /**
   * Turns autopay on, or changes it: a changed plan counts as turned on now only when it was off (a
   * change keeps the months it already covered), and its failures in a row start again.
   */
  async turnOn(plan: NewAutopayPlan): Promise<AutopayPlan> {
    const { method } = plan;
    const [row] = await this.unitOfWork.manager.query<PlanRow[]>(
      `INSERT INTO payments.autopay_plans
         (tenant_user_id, tenancy_id, landlord_user_id, property_id, method, bank_account_id, mandate_id, saved_card_id, card_authorization_id,
          days_before_due, amount_kind, fixed_cents, is_on, turned_on_at, turned_off_at, turned_off_reason, failures_in_row, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true, $13, NULL, NULL, 0, $13)
       ON CONFLICT (tenant_user_id) DO UPDATE SET
         tenancy_id = excluded.tenancy_id, landlord_user_id = excluded.landlord_user_id, property_id = excluded.property_id,
         method = excluded.method, bank_account_id = excluded.bank_account_id, mandate_id = excluded.mandate_id,
         saved_card_id = excluded.saved_card_id, card_authorization_id = excluded.card_authorization_id, days_before_due = excluded.days_before_due,
         amount_kind = excluded.amount_kind, fixed_cents = excluded.fixed_cents,
         turned_on_at = CASE WHEN autopay_plans.is_on AND autopay_plans.tenancy_id = excluded.tenancy_id THEN autopay_plans.turned_on_at ELSE excluded.turned_on_at END,
         is_on = true, turned_off_at = NULL, turned_off_reason = NULL, failures_in_row = 0, updated_at = excluded.updated_at
       RETURNING *`,
      [
        plan.tenantUserId, plan.tenancyId, plan.landlordUserId, plan.propertyId, method.kind,
        method.kind === 'bank_account' ? method.bankAccountId : null, method.kind === 'bank_account' ? method.mandateId : null,
        method.kind === 'card' ? method.savedCardId : null, method.kind === 'card' ? method.authorizationId : null,
        plan.daysBeforeDue, plan.amount.kind, plan.amount.kind === 'fixed' ? plan.amount.cents : null, plan.turnedOnAt,
      ],
    );
    return planOf(row);
  }

  /** Whether a plan that is on pays with this saved card (the card may not be removed then). */
  async paysWithCard(savedCardId: string): Promise<boolean> {
    const rows = await this.unitOfWork.manager.query<unknown[]>(`SELECT 1 FROM payments.autopay_plans WHERE saved_card_id = $1 AND is_on`, [savedCardId]);
    return rows.length > 0;
  }

  /** Turns autopay off; false when it was not on. */
  async turnOff(tenantUserId: string, reason: AutopayOffReason): Promise<boolean> {
    const now = this.clock.now();
    const rows = await this.unitOfWork.manager.query<{ tenant_user_id: string }[]>(
      `WITH changed AS (UPDATE payments.autopay_plans SET is_on = false, turned_off_at = $3, turned_off_reason = $2, updated_at = $3
         WHERE tenant_user_id = $1 AND is_on RETURNING tenant_user_id) SELECT * FROM changed`,
      [tenantUserId, reason, now],
    );
    return rows.length > 0;
  }

  /** A failed payment: the failures in a row after it. */
  async countFailure(tenantUserId: string): Promise<number> {
    const [row] = await this.unitOfWork.manager.query<{ failures_in_row: number }[]>(
      `UPDATE payments.autopay_plans SET failures_in_row = failures_in_row + 1, updated_at = $2 WHERE tenant_user_id = $1 RETURNING failures_in_row`,
      [tenantUserId, this.clock.now()],
    );
    return row?.failures_in_row ?? 0;
  }

  async countSuccess(tenantUserId: string): Promise<void> {
    await this.unitOfWork.manager.query(
      `UPDATE payments.autopay_plans SET failures_in_row = 0, updated_at = $2 WHERE tenant_user_id = $1 AND failures_in_row > 0`,
      [tenantUserId, this.clock.now()],
    );
  }

  async skips(tenantUserIds: readonly string[], periods: readonly string[]): Promise<Set<string>> {
    if (tenantUserIds.length === 0) return new Set();
    const rows = await this.unitOfWork.manager.query<{ tenant_user_id: string; period: string }[]>(
      `SELECT tenant_user_id, period FROM payments.autopay_skips WHERE tenant_user_id = ANY($1::uuid[]) AND period = ANY($2::text[])`,
      [tenantUserIds, periods],
    );
    return new Set(rows.map((row) => `${row.tenant_user_id}:${row.period}`));
  }

  async skip(tenantUserId: string, period: string): Promise<void> {
    await this.unitOfWork.manager.query(
      `INSERT INTO payments.autopay_skips (tenant_user_id, period, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [tenantUserId, period, this.clock.now()],
    );
  }

  async unskip(tenantUserId: string, period: string): Promise<void> {
    await this.unitOfWork.manager.query(`DELETE FROM payments.autopay_skips WHERE tenant_user_id = $1 AND period = $2`, [tenantUserId, period]);
  }

  /** Which of a landlord's tenants have autopay on. */
  async onForTenants(tenantUserIds: readonly string[]): Promise<Set<string>> {
    if (tenantUserIds.length === 0) return new Set();
    const rows = await this.unitOfWork.manager.query<{ tenant_user_id: string }[]>(
      `SELECT tenant_user_id FROM payments.autopay_plans WHERE is_on AND tenant_user_id = ANY($1::uuid[])`,
      [tenantUserIds],
    );
    return new Set(rows.map((row) => row.tenant_user_id));
  }
}
