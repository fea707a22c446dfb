import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * Autopay by card (issue 37, decision 0042):
 * - payments.saved_cards: each card a tenant saved for payments without them (off-session), as the
 *   provider describes it (brand, last four, expiry; never its number), with the payment method and
 *   the customer it is attached to on the landlord's connected account (payments.bank_customers'
 *   customer: one per tenant and account serves bank accounts and cards). Removing one marks it.
 * - payments.card_authorizations: the standing authorization to charge a saved card, its text as
 *   the tenant read it, with the time, address and browser it was accepted from. Proof: never changed.
 * - payments.autopay_plans pays from a bank account (under its mandate) or a saved card (under its
 *   authorization): exactly one of the two, by `method`.
 * - The sandbox provider keeps its customers, and which customer on which account a card is attached to.
 */
export class AutopayCards1735410000000 implements MigrationInterface {
  name = 'AutopayCards1735410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.saved_cards (
        id uuid PRIMARY KEY,
        tenant_user_id uuid NOT NULL,
        provider text NOT NULL,
        connected_account_id text NOT NULL,
        customer_id text NOT NULL,
        payment_method_id text NOT NULL,
        brand text NOT NULL,
        last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
        exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
        exp_year smallint NOT NULL,
        removed_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (connected_account_id, payment_method_id)
      )`);
    await queryRunner.query(`CREATE INDEX saved_cards_tenant_idx ON payments.saved_cards (tenant_user_id) WHERE removed_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE payments.card_authorizations (
        id uuid PRIMARY KEY,
        tenant_user_id uuid NOT NULL,
        landlord_user_id uuid NOT NULL,
        saved_card_id uuid NOT NULL REFERENCES payments.saved_cards (id),
        version text NOT NULL,
        text text NOT NULL,
        accepted_at timestamptz NOT NULL,
        client_address text NOT NULL,
        user_agent text
      )`);
    await queryRunner.query(`CREATE INDEX card_authorizations_card_idx ON payments.card_authorizations (saved_card_id)`);
    await queryRunner.query(`ALTER TABLE payments.autopay_plans
      ADD COLUMN method text NOT NULL DEFAULT 'bank_account' CHECK (method IN ('bank_account', 'card')),
      ADD COLUMN saved_card_id uuid REFERENCES payments.saved_cards (id),
      ADD COLUMN card_authorization_id uuid REFERENCES payments.card_authorizations (id),
      ALTER COLUMN bank_account_id DROP NOT NULL,
      ALTER COLUMN mandate_id DROP NOT NULL,
      ADD CONSTRAINT autopay_plans_one_method_check CHECK (
        CASE method
          WHEN 'bank_account' THEN bank_account_id IS NOT NULL AND mandate_id IS NOT NULL AND saved_card_id IS NULL AND card_authorization_id IS NULL
          ELSE saved_card_id IS NOT NULL AND card_authorization_id IS NOT NULL AND bank_account_id IS NULL AND mandate_id IS NULL
        END)`);
    await queryRunner.query(`CREATE INDEX autopay_plans_card_idx ON payments.autopay_plans (saved_card_id) WHERE saved_card_id IS NOT NULL`);
    // A removed card is marked, never deleted (plans and attempts name it); an authorization is proof.
    await queryRunner.query(`REVOKE ALL ON payments.saved_cards, payments.card_authorizations FROM ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE ON payments.saved_cards TO ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT ON payments.card_authorizations TO ${APP_ROLE}`);

    await queryRunner.query(`
      CREATE TABLE infra.sandbox_customers (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES infra.sandbox_connected_accounts (id),
        idempotency_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (account_id, idempotency_key)
      )`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_payment_methods
      ADD COLUMN customer_id text REFERENCES infra.sandbox_customers (id),
      ADD COLUMN account_id text REFERENCES infra.sandbox_connected_accounts (id),
      ADD CONSTRAINT sandbox_payment_methods_attached_check CHECK ((customer_id IS NULL) = (account_id IS NULL))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE infra.sandbox_payment_methods DROP COLUMN customer_id, DROP COLUMN account_id`);
    await queryRunner.query(`DROP TABLE infra.sandbox_customers`);
    await queryRunner.query(`DELETE FROM payments.autopay_plans WHERE method = 'card'`);
    await queryRunner.query(`DROP INDEX payments.autopay_plans_card_idx`);
    await queryRunner.query(`ALTER TABLE payments.autopay_plans
      DROP CONSTRAINT autopay_plans_one_method_check,
      DROP COLUMN method, DROP COLUMN saved_card_id, DROP COLUMN card_authorization_id,
      ALTER COLUMN bank_account_id SET NOT NULL,
      ALTER COLUMN mandate_id SET NOT NULL`);
    await queryRunner.query(`DROP TABLE payments.card_authorizations`);
    await queryRunner.query(`DROP TABLE payments.saved_cards`);
  }
}
