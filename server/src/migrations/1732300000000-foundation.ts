import { MigrationInterface, QueryRunner } from 'typeorm';

const MODULE_SCHEMAS = ['accounts', 'onboarding', 'properties', 'tenants', 'payments', 'statements', 'infra'];

export class Foundation1732300000000 implements MigrationInterface {
  name = 'Foundation1732300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const schema of MODULE_SCHEMAS) {
      await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    }
    // The transactional outbox: rows are written in the same transaction as the change they
    // announce, and a relay moves them to BullMQ, so a rolled-back change never sends a job.
    await queryRunner.query(`
      CREATE TABLE infra.outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        queue text NOT NULL,
        job_name text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX outbox_pending_idx ON infra.outbox (created_at) WHERE dispatched_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE infra.outbox`);
    for (const schema of [...MODULE_SCHEMAS].reverse()) {
      await queryRunner.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    }
  }
}
