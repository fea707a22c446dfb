import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox provider's refunds, disputes, payouts and balance transactions (development and tests;
 * empty in production), so that it can answer what Stripe answers about them and pay a landlord out.
 * Balance transactions follow Stripe's: a charge's fee is the processor's fee plus our application
 * fee, net is what the landlord's balance gets; a payout's own line takes the paid-out total off.
 */
export class SandboxMoney1733420000000 implements MigrationInterface {
  name = 'SandboxMoney1733420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE infra.sandbox_refunds (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        charge_id text NOT NULL REFERENCES infra.sandbox_charges(id),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'canceled')),
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE infra.sandbox_disputes (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        charge_id text NOT NULL REFERENCES infra.sandbox_charges(id),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        status text NOT NULL CHECK (status IN ('needs_response', 'won', 'lost')),
        created_at timestamptz NOT NULL,
        closed_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE infra.sandbox_payouts (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        amount_cents bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'in_transit', 'paid', 'failed', 'canceled')),
        created_at timestamptz NOT NULL,
        arrival_at timestamptz NOT NULL,
        failure_message text
      )`);
    await queryRunner.query(`
      CREATE TABLE infra.sandbox_balance_transactions (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('charge', 'refund', 'refund_failure', 'dispute', 'dispute_reversal', 'payout')),
        amount_cents bigint NOT NULL,
        fee_cents bigint NOT NULL,
        net_cents bigint NOT NULL,
        source_id text NOT NULL,
        charge_id text,
        payout_id text REFERENCES infra.sandbox_payouts(id),
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX sandbox_balance_transactions_account_idx ON infra.sandbox_balance_transactions (account_id, created_at)`,
    );
    await queryRunner.query(
      `CREATE INDEX sandbox_balance_transactions_payout_idx ON infra.sandbox_balance_transactions (payout_id)`,
    );
    // Charges made before this table existed get their line, as Stripe would have made it.
    await queryRunner.query(`
      INSERT INTO infra.sandbox_balance_transactions
        (id, account_id, kind, amount_cents, fee_cents, net_cents, source_id, charge_id, created_at)
      SELECT balance_transaction_id, account_id, 'charge', amount_cents,
             coalesce(processor_fee_cents, 0) + application_fee_cents,
             amount_cents - coalesce(processor_fee_cents, 0) - application_fee_cents, id, id, created_at
        FROM infra.sandbox_charges WHERE status = 'succeeded' AND balance_transaction_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE infra.sandbox_balance_transactions`);
    await queryRunner.query(`DROP TABLE infra.sandbox_payouts`);
    await queryRunner.query(`DROP TABLE infra.sandbox_disputes`);
    await queryRunner.query(`DROP TABLE infra.sandbox_refunds`);
  }
}
