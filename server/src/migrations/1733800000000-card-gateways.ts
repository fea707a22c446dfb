import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The second card gateway (decision 0019):
 * - `payments.landlord_card_gateways`: which gateway a landlord's tenants pay on (no row: Stripe), and
 *   `payments.card_gateway_changes`, the operator's changes to it (who, when, from, to), append-only.
 * - `payments.card_payments.invoice_number`: the attempt's number at Authorize.Net, unique, so a retried
 *   attempt finds the transaction its lost answer was about.
 * - The Authorize.Net sandbox's single-use nonces (brand and last four only) and transactions.
 */
export class CardGateways1733800000000 implements MigrationInterface {
  name = 'CardGateways1733800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.landlord_card_gateways (
        landlord_user_id uuid PRIMARY KEY,
        gateway text NOT NULL CHECK (gateway IN ('stripe', 'authorize_net')),
        changed_by uuid NOT NULL,
        changed_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.card_gateway_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        landlord_user_id uuid NOT NULL,
        from_gateway text NOT NULL CHECK (from_gateway IN ('stripe', 'authorize_net')),
        to_gateway text NOT NULL CHECK (to_gateway IN ('stripe', 'authorize_net')),
        changed_by uuid NOT NULL,
        changed_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX card_gateway_changes_landlord_idx ON payments.card_gateway_changes (landlord_user_id, changed_at DESC)`,
    );
    // An audit trail the app may only add to (the default privileges gave it UPDATE and DELETE).
    await queryRunner.query(`REVOKE UPDATE, DELETE, TRUNCATE ON payments.card_gateway_changes FROM rentwise_app`);

    await queryRunner.query(`ALTER TABLE payments.card_payments ADD COLUMN invoice_number text UNIQUE`);

    await queryRunner.query(`
      CREATE TABLE infra.sandbox_anet_nonces (
        data_value text PRIMARY KEY,
        brand text NOT NULL,
        last4 text NOT NULL,
        amount_triggered boolean NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE infra.sandbox_anet_transactions (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('charge', 'refund')),
        invoice_number text,
        ref_id text,
        amount_cents bigint NOT NULL,
        response_code text NOT NULL,
        reason_code text NOT NULL,
        brand text,
        last4 text,
        description text,
        bill_to jsonb,
        ref_transaction_id text,
        voided boolean NOT NULL DEFAULT false,
        submitted_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX sandbox_anet_transactions_invoice_idx ON infra.sandbox_anet_transactions (invoice_number)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE infra.sandbox_anet_transactions`);
    await queryRunner.query(`DROP TABLE infra.sandbox_anet_nonces`);
    await queryRunner.query(`ALTER TABLE payments.card_payments DROP COLUMN invoice_number`);
    await queryRunner.query(`DROP TABLE payments.card_gateway_changes`);
    await queryRunner.query(`DROP TABLE payments.landlord_card_gateways`);
  }
}
