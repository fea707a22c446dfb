import { MigrationInterface, QueryRunner } from 'typeorm';

export class PaymentGateway1732500000000 implements MigrationInterface {
  name = 'PaymentGateway1732500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The sandbox payment provider's own records (development and tests; empty in production).
    // In PostgreSQL rather than memory so that the API and the worker process agree.
    await queryRunner.query(`
      CREATE TABLE infra.sandbox_connected_accounts (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('express', 'standard')),
        email text,
        idempotency_key text UNIQUE,
        charges_enabled boolean NOT NULL DEFAULT false,
        payouts_enabled boolean NOT NULL DEFAULT false,
        details_submitted boolean NOT NULL DEFAULT false,
        oauth_code text UNIQUE,
        oauth_code_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE infra.sandbox_connected_accounts`);
  }
}
