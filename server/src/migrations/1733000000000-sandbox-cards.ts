import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox payment provider's cards and charges (development and tests; empty in production).
 * A payment method keeps only what Stripe would show back (brand, last four, expiry) and how the test
 * card behaves when charged: never the card number or the security code.
 */
export class SandboxCards1733000000000 implements MigrationInterface {
  name = 'SandboxCards1733000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE infra.sandbox_payment_methods (
        id text PRIMARY KEY,
        brand text NOT NULL,
        last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
        exp_month integer NOT NULL,
        exp_year integer NOT NULL,
        outcome text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE infra.sandbox_charges (
        id text PRIMARY KEY,
        payment_intent_id text NOT NULL UNIQUE,
        balance_transaction_id text,
        account_id text NOT NULL REFERENCES infra.sandbox_connected_accounts(id),
        idempotency_key text NOT NULL,
        payment_method_id text NOT NULL REFERENCES infra.sandbox_payment_methods(id),
        amount_cents bigint NOT NULL,
        application_fee_cents bigint NOT NULL,
        processor_fee_cents bigint,
        status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
        failure_code text,
        failure_message text,
        description text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        UNIQUE (account_id, idempotency_key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE infra.sandbox_charges`);
    await queryRunner.query(`DROP TABLE infra.sandbox_payment_methods`);
  }
}
