import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * Late fees (issue 36, decision 0040).
 * - properties.properties: the landlord's late fee rule (off by default: no amount), and since when
 *   it has been on, so that turning fees on never charges months that became late before.
 * - payments.late_fees: one row per tenancy, month and day of lateness beside each `late_fee` journal
 *   (day 1: the fee when the rent became late; later days: the daily amount), so the job knows what a
 *   month has come to without reading the ledger.
 * - payments.late_fee_months: a month that needs no more work (paid on time, paid later, or charged
 *   all the rule allows), so each run reads only the months still open.
 * The limits are libs/src/late-fees.ts' MAX_* as of this migration. New columns and tables only.
 */
export class LateFeeRules1735310000000 implements MigrationInterface {
  name = 'LateFeeRules1735310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE properties.properties
      ADD COLUMN late_fee_grace_days smallint NOT NULL DEFAULT 5 CHECK (late_fee_grace_days BETWEEN 0 AND 20),
      ADD COLUMN late_fee_flat_cents integer NOT NULL DEFAULT 0 CHECK (late_fee_flat_cents BETWEEN 0 AND 100000),
      ADD COLUMN late_fee_percent_basis_points integer NOT NULL DEFAULT 0 CHECK (late_fee_percent_basis_points BETWEEN 0 AND 2000),
      ADD COLUMN late_fee_daily_cents integer NOT NULL DEFAULT 0 CHECK (late_fee_daily_cents BETWEEN 0 AND 100000),
      ADD COLUMN late_fee_monthly_cap_cents integer CHECK (late_fee_monthly_cap_cents BETWEEN 1 AND 100000),
      ADD COLUMN late_fees_since timestamptz,
      ADD CONSTRAINT properties_late_fee_daily_capped CHECK (late_fee_daily_cents = 0 OR late_fee_monthly_cap_cents IS NOT NULL),
      ADD CONSTRAINT properties_late_fees_since CHECK (
        (late_fee_flat_cents > 0 OR late_fee_percent_basis_points > 0 OR late_fee_daily_cents > 0) = (late_fees_since IS NOT NULL))`);

    await queryRunner.query(`
      CREATE TABLE payments.late_fees (
        tenancy_id uuid NOT NULL,
        rent_year smallint NOT NULL,
        rent_month smallint NOT NULL CHECK (rent_month BETWEEN 1 AND 12),
        late_day smallint NOT NULL CHECK (late_day >= 1),
        transaction_id uuid NOT NULL UNIQUE REFERENCES payments.ledger_transactions (id),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        PRIMARY KEY (tenancy_id, rent_year, rent_month, late_day)
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.late_fee_months (
        tenancy_id uuid NOT NULL,
        rent_year smallint NOT NULL,
        rent_month smallint NOT NULL CHECK (rent_month BETWEEN 1 AND 12),
        outcome text NOT NULL CHECK (outcome IN ('on_time', 'paid', 'charged_in_full')),
        settled_at timestamptz NOT NULL,
        PRIMARY KEY (tenancy_id, rent_year, rent_month)
      )`);
    // Append-only, as the ledger beside them.
    for (const table of ['payments.late_fees', 'payments.late_fee_months']) {
      await queryRunner.query(`REVOKE ALL ON ${table} FROM ${APP_ROLE}`);
      await queryRunner.query(`GRANT SELECT, INSERT ON ${table} TO ${APP_ROLE}`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.late_fee_months`);
    await queryRunner.query(`DROP TABLE payments.late_fees`);
    await queryRunner.query(`ALTER TABLE properties.properties
      DROP CONSTRAINT properties_late_fees_since,
      DROP CONSTRAINT properties_late_fee_daily_capped,
      DROP COLUMN late_fees_since,
      DROP COLUMN late_fee_monthly_cap_cents,
      DROP COLUMN late_fee_daily_cents,
      DROP COLUMN late_fee_percent_basis_points,
      DROP COLUMN late_fee_flat_cents,
      DROP COLUMN late_fee_grace_days`);
  }
}
