import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * Rent reminders (issue 36, decision 0041), all payments' own tables:
 * - payments.tenant_reminder_settings: a tenant who turned reminders off (no row: on).
 * - payments.property_reminder_settings: which kinds a landlord sends for a property (no row: all on).
 * - payments.rent_reminders: one row per reminder sent, written in one statement with its email's
 *   outbox row. Its key is the exactly-once key: (tenancy, occasion, month) for a tenant's reminder,
 *   (landlord, Monday) for the weekly summary, each a unique index, so two workers, a restart or a
 *   replay can never send one twice. Append-only, as a record of what was sent.
 * - An index on late fee journals by time, for the reminders job's look at the week's new fees.
 */
export class RentReminders1735320000000 implements MigrationInterface {
  name = 'RentReminders1735320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.tenant_reminder_settings (
        tenant_user_id uuid PRIMARY KEY,
        reminders_on boolean NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.property_reminder_settings (
        property_id uuid PRIMARY KEY,
        due_soon boolean NOT NULL,
        due_today boolean NOT NULL,
        late boolean NOT NULL,
        late_fee boolean NOT NULL,
        weekly_summary boolean NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.rent_reminders (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        occasion text NOT NULL CHECK (occasion IN ('due_soon', 'due_today', 'late', 'late_fee', 'weekly_summary')),
        tenancy_id uuid,
        landlord_user_id uuid NOT NULL,
        -- The rent's month ('2027-01'), a late fee's month, or the summary's Monday ('2027-01-04').
        period text NOT NULL,
        recipient_user_id uuid NOT NULL,
        sent_at timestamptz NOT NULL,
        CHECK ((occasion = 'weekly_summary') = (tenancy_id IS NULL))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX rent_reminders_tenancy_key ON payments.rent_reminders (tenancy_id, occasion, period) WHERE tenancy_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX rent_reminders_summary_key ON payments.rent_reminders (landlord_user_id, period) WHERE occasion = 'weekly_summary'`);
    await queryRunner.query(`REVOKE ALL ON payments.rent_reminders FROM ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT ON payments.rent_reminders TO ${APP_ROLE}`);
    await queryRunner.query(`CREATE INDEX ledger_transactions_late_fee_idx ON payments.ledger_transactions (occurred_at) WHERE kind = 'late_fee'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payments.ledger_transactions_late_fee_idx`);
    await queryRunner.query(`DROP TABLE payments.rent_reminders`);
    await queryRunner.query(`DROP TABLE payments.property_reminder_settings`);
    await queryRunner.query(`DROP TABLE payments.tenant_reminder_settings`);
  }
}
