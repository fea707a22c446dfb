import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Authorize.Net landlords' own merchant accounts (decision 0046):
 * - `payments.authorize_net_accounts`: a landlord's keys for one environment. The transaction and
 *   signature keys are sealed (SecretBox, a key from configuration); the login id and the public client
 *   key are not secret (Accept.js shows them to every browser). `webhook_id` names the account in its
 *   webhook URL, since Authorize.Net's notifications do not say whose they are. One landlord per
 *   merchant account and environment, so a transaction belongs to one landlord.
 * - `payments.authorize_net_account_changes`: who saved which login id, when (append-only).
 * - The offline sandbox gains merchants of its own: their keys, and the merchant of each nonce and transaction.
 */
export class AuthorizeNetAccounts1735700000000 implements MigrationInterface {
  name = 'AuthorizeNetAccounts1735700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.authorize_net_accounts (
        landlord_user_id uuid PRIMARY KEY,
        environment text NOT NULL CHECK (environment IN ('offline', 'sandbox', 'production')),
        api_login_id text NOT NULL,
        public_client_key text NOT NULL,
        transaction_key_sealed text NOT NULL,
        signature_key_sealed text NOT NULL,
        webhook_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        saved_by uuid NOT NULL,
        saved_at timestamptz NOT NULL,
        UNIQUE (environment, api_login_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.authorize_net_account_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        landlord_user_id uuid NOT NULL,
        environment text NOT NULL,
        api_login_id text NOT NULL,
        saved_by uuid NOT NULL,
        saved_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX authorize_net_account_changes_landlord_idx ON payments.authorize_net_account_changes (landlord_user_id, saved_at DESC)`,
    );
    await queryRunner.query(`REVOKE UPDATE, DELETE, TRUNCATE ON payments.authorize_net_account_changes FROM rentwise_app`);

    await queryRunner.query(`
      CREATE TABLE infra.sandbox_anet_merchants (
        api_login_id text PRIMARY KEY,
        transaction_key text NOT NULL,
        signature_key text NOT NULL,
        public_client_key text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    // Before, the sandbox was one merchant (the platform's): its rows keep that name.
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_nonces ADD COLUMN merchant text NOT NULL DEFAULT 'sandbox'`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_nonces ALTER COLUMN merchant DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions ADD COLUMN merchant text NOT NULL DEFAULT 'sandbox'`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions ALTER COLUMN merchant DROP DEFAULT`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions DROP COLUMN merchant`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_nonces DROP COLUMN merchant`);
    await queryRunner.query(`DROP TABLE infra.sandbox_anet_merchants`);
    await queryRunner.query(`DROP TABLE payments.authorize_net_account_changes`);
    await queryRunner.query(`DROP TABLE payments.authorize_net_accounts`);
  }
}
