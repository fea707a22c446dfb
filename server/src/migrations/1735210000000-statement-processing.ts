import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statement lines learn bank debits (issue 35, decision 0037): `processing_cents`, what a line puts in
 * or takes out of the bank_debit_clearing account (sent, not yet settled), and `counts_at`, the
 * payment's time for a settlement or failure, which counts to the month the tenant paid. counts_at is
 * null where it would equal occurred_at (every other line), so adding it rewrites nothing; the
 * partial index finds the few lines a yearly statement's calendar months need by it.
 */
export class StatementProcessing1735210000000 implements MigrationInterface {
  name = 'StatementProcessing1735210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE statements.statement_lines
      ADD COLUMN processing_cents bigint NOT NULL DEFAULT 0,
      ADD COLUMN counts_at timestamptz`);
    await queryRunner.query(`
      CREATE INDEX statement_lines_landlord_counts_idx ON statements.statement_lines (landlord_user_id, counts_at)
        WHERE counts_at IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX statements.statement_lines_landlord_counts_idx`);
    await queryRunner.query(`ALTER TABLE statements.statement_lines DROP COLUMN counts_at, DROP COLUMN processing_cents`);
  }
}
