import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * Statements (decision 0016): the ledger gets the id of the database transaction that wrote each
 * journal, so a projector can read only journals committed before its snapshot; the statements
 * schema keeps one line per journal, the projector's position and each landlord's time zone.
 */
export class Statements1733300000000 implements MigrationInterface {
  name = 'Statements1733300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A volatile default fills existing rows with this migration's transaction id (all older than
    // any later journal) and every new row with its own writer's id. ALTER TABLE rewrites the table
    // without firing the append-only UPDATE trigger.
    await queryRunner.query(
      `ALTER TABLE payments.ledger_transactions ADD COLUMN written_by_xact xid8 NOT NULL DEFAULT pg_current_xact_id()`,
    );
    await queryRunner.query(
      `CREATE INDEX ledger_transactions_written_by_xact_idx ON payments.ledger_transactions (written_by_xact)`,
    );

    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS statements`);
    await queryRunner.query(`
      CREATE TABLE statements.statement_lines (
        journal_id uuid PRIMARY KEY,
        kind text NOT NULL,
        landlord_user_id uuid NOT NULL,
        property_id uuid NOT NULL,
        tenant_user_id uuid NOT NULL,
        occurred_at timestamptz NOT NULL,
        billing_year int NOT NULL,
        billing_month int NOT NULL CHECK (billing_month BETWEEN 1 AND 12),
        gross_cents bigint NOT NULL,
        service_fee_cents bigint NOT NULL,
        received_cents bigint NOT NULL,
        processor_fee_cents bigint NOT NULL,
        description text NOT NULL,
        corrects_journal_id uuid
      )`);
    await queryRunner.query(`
      CREATE INDEX statement_lines_property_month_idx
        ON statements.statement_lines (property_id, billing_year, billing_month)`);
    await queryRunner.query(`
      CREATE INDEX statement_lines_landlord_month_idx
        ON statements.statement_lines (landlord_user_id, billing_year, billing_month)`);
    // position: every ledger journal written by a transaction id below it is in the lines.
    await queryRunner.query(`
      CREATE TABLE statements.projection_positions (
        projection text PRIMARY KEY,
        position xid8 NOT NULL,
        cluster_system_identifier text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE statements.landlord_settings (
        landlord_user_id uuid PRIMARY KEY,
        time_zone text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`GRANT USAGE ON SCHEMA statements TO ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA statements TO ${APP_ROLE}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SCHEMA statements CASCADE`);
    await queryRunner.query(`DROP INDEX payments.ledger_transactions_written_by_xact_idx`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP COLUMN written_by_xact`);
  }
}
