import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Daily reconciliation of each landlord's provider balance with the ledger (decision 0019): one row
 * per run and account (the next run starts from where this one ended, with an overlap), and the
 * differences it found, one row per provider object or journal, open until a run no longer finds it.
 * The app role gets its grants from the schema's default privileges (ledger hardening).
 */
export class Reconciliation1733700000000 implements MigrationInterface {
  name = 'Reconciliation1733700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.reconciliation_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider text NOT NULL,
        connected_account_id text NOT NULL,
        window_from timestamptz NOT NULL,
        window_to timestamptz NOT NULL,
        provider_lines integer NOT NULL,
        journals integer NOT NULL,
        differences integer NOT NULL,
        finished_at timestamptz NOT NULL,
        CHECK (window_from < window_to)
      )`);
    await queryRunner.query(
      `CREATE INDEX reconciliation_runs_account_idx ON payments.reconciliation_runs (provider, connected_account_id, window_to DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE payments.reconciliation_differences (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider text NOT NULL,
        connected_account_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('missing_journal', 'extra_journal', 'amount_differs')),
        reference text NOT NULL,
        balance_transaction_id text,
        ledger_transaction_id uuid,
        provider_amount_cents bigint,
        ledger_amount_cents bigint,
        occurred_at timestamptz NOT NULL,
        first_found_at timestamptz NOT NULL,
        last_found_at timestamptz NOT NULL,
        resolved_at timestamptz,
        UNIQUE (provider, connected_account_id, kind, reference)
      )`);
    await queryRunner.query(
      `CREATE INDEX reconciliation_differences_open_idx ON payments.reconciliation_differences (first_found_at DESC) WHERE resolved_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.reconciliation_differences`);
    await queryRunner.query(`DROP TABLE payments.reconciliation_runs`);
  }
}
