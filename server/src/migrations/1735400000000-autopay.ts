import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * Autopay (issue 37, decision 0042), all payments' own tables:
 * - payments.autopay_plans: one per tenant, on or off, with the saved bank account, the day, how the
 *   amount is worked out and the recurring authorization (a bank_debit_mandates row) it runs under.
 * - payments.autopay_skips: a month the tenant skipped.
 * - payments.autopay_notices: the notice before a month's debit, written in one statement with its
 *   email's outbox row, once per tenancy and month (its key).
 * - payments.autopay_runs: each automatic payment, stored with its idempotency key and amount before
 *   the provider is called. (tenancy, month, attempt) is the exactly-once key: attempt 2 is the one
 *   retry of a debit returned for insufficient funds.
 */
export class Autopay1735400000000 implements MigrationInterface {
  name = 'Autopay1735400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.autopay_plans (
        tenant_user_id uuid PRIMARY KEY,
        tenancy_id uuid NOT NULL,
        landlord_user_id uuid NOT NULL,
        property_id uuid NOT NULL,
        bank_account_id uuid NOT NULL REFERENCES payments.bank_accounts (id),
        mandate_id uuid NOT NULL REFERENCES payments.bank_debit_mandates (id),
        days_before_due smallint NOT NULL CHECK (days_before_due BETWEEN 0 AND 12),
        amount_kind text NOT NULL CHECK (amount_kind IN ('balance', 'fixed')),
        fixed_cents integer CHECK (fixed_cents > 0),
        is_on boolean NOT NULL,
        turned_on_at timestamptz NOT NULL,
        turned_off_at timestamptz,
        turned_off_reason text CHECK (turned_off_reason IN ('tenant', 'failures', 'account_blocked')),
        failures_in_row smallint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL,
        CHECK ((amount_kind = 'fixed') = (fixed_cents IS NOT NULL)),
        CHECK (is_on = (turned_off_reason IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX autopay_plans_on_idx ON payments.autopay_plans (tenant_user_id) WHERE is_on`);
    await queryRunner.query(`CREATE INDEX autopay_plans_landlord_idx ON payments.autopay_plans (landlord_user_id)`);
    await queryRunner.query(`
      CREATE TABLE payments.autopay_skips (
        tenant_user_id uuid NOT NULL,
        period text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}$'),
        created_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_user_id, period)
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.autopay_notices (
        tenancy_id uuid NOT NULL,
        period text NOT NULL,
        tenant_user_id uuid NOT NULL,
        estimated_cents integer NOT NULL,
        debit_at timestamptz NOT NULL,
        sent_at timestamptz NOT NULL,
        PRIMARY KEY (tenancy_id, period)
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.autopay_runs (
        id uuid PRIMARY KEY,
        tenancy_id uuid NOT NULL,
        period text NOT NULL,
        attempt smallint NOT NULL CHECK (attempt IN (1, 2)),
        tenant_user_id uuid NOT NULL,
        landlord_user_id uuid NOT NULL,
        property_id uuid NOT NULL,
        idempotency_key uuid NOT NULL UNIQUE,
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        -- started: stored, the provider maybe asked; then what came of it.
        status text NOT NULL CHECK (status IN ('started', 'processing', 'succeeded', 'failed', 'declined', 'nothing_due', 'skipped', 'not_offered')),
        card_payment_id uuid,
        failure_code text,
        failure_message text,
        retry_after timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (tenancy_id, period, attempt)
      )`);
    await queryRunner.query(`CREATE INDEX autopay_runs_open_idx ON payments.autopay_runs (updated_at) WHERE status IN ('started', 'processing')`);
    await queryRunner.query(`CREATE INDEX autopay_runs_retry_idx ON payments.autopay_runs (retry_after) WHERE retry_after IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX autopay_runs_landlord_idx ON payments.autopay_runs (landlord_user_id, period)`);
    // Notices are a record of what was sent; runs are never deleted.
    await queryRunner.query(`REVOKE ALL ON payments.autopay_notices, payments.autopay_runs FROM ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT ON payments.autopay_notices TO ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE ON payments.autopay_runs TO ${APP_ROLE}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.autopay_runs, payments.autopay_notices, payments.autopay_skips, payments.autopay_plans`);
  }
}
