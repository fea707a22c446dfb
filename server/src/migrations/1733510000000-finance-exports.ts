import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * Finance exports (decision 0018): one row per export with its progress and file, and an
 * append-only audit trail of who asked for which year, when, and the file's SHA-256.
 */
export class FinanceExports1733510000000 implements MigrationInterface {
  name = 'FinanceExports1733510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE statements.finance_exports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        year int NOT NULL CHECK (year BETWEEN 2000 AND 2100),
        format text NOT NULL CHECK (format IN ('csv', 'zip')),
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed', 'expired')),
        requested_by_user_id uuid,
        requested_by text NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        attempts int NOT NULL DEFAULT 0,
        started_at timestamptz,
        landlords_total int,
        landlords_done int NOT NULL DEFAULT 0,
        file_key text,
        byte_size bigint,
        sha256 text,
        completed_at timestamptz,
        expires_at timestamptz,
        error text,
        -- A completed export always names its whole file, its checksum and when it goes.
        CHECK (status <> 'completed' OR (file_key IS NOT NULL AND sha256 IS NOT NULL AND expires_at IS NOT NULL))
      )`);
    // One export of a year and format at a time: asking again while one runs joins it.
    await queryRunner.query(`
      CREATE UNIQUE INDEX finance_exports_one_active_idx
        ON statements.finance_exports (year, format) WHERE status IN ('queued', 'running')`);
    await queryRunner.query(`CREATE INDEX finance_exports_requested_at_idx ON statements.finance_exports (requested_at DESC)`);

    await queryRunner.query(`
      CREATE TABLE statements.finance_export_audit (
        id bigserial PRIMARY KEY,
        export_id uuid NOT NULL,
        event text NOT NULL CHECK (event IN ('requested', 'completed', 'failed', 'downloaded', 'expired')),
        actor text NOT NULL,
        actor_user_id uuid,
        year int NOT NULL,
        format text NOT NULL,
        sha256 text,
        byte_size bigint,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX finance_export_audit_export_idx ON statements.finance_export_audit (export_id, id)`);

    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON statements.finance_exports TO ${APP_ROLE}`);
    // The audit trail is append-only for the app: the default privileges gave it UPDATE and DELETE.
    await queryRunner.query(`REVOKE ALL ON statements.finance_export_audit FROM ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT ON statements.finance_export_audit TO ${APP_ROLE}`);
    await queryRunner.query(`GRANT USAGE, SELECT ON SEQUENCE statements.finance_export_audit_id_seq TO ${APP_ROLE}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE statements.finance_export_audit`);
    await queryRunner.query(`DROP TABLE statements.finance_exports`);
  }
}
