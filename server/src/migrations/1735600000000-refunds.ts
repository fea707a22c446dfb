import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * A landlord refunds a payment from Rentwise (issue 38, decision 0044).
 * - payments.refunds: each refund the landlord asked for, stored with its idempotency key before the
 *   provider is called (`requested`), then what the provider said (`succeeded`, `pending`, `failed`)
 *   and the provider's reference in the ledger's form (`acct/re_...`, `anet:<login>/<transId>`), so
 *   the receipt can show its reason beside the refund journal. Never deleted.
 * - The sandbox's refunds keep their idempotency key, as Stripe does per account.
 * - The Authorize.Net sandbox knows when a transaction settled (a refund needs it; before, a void).
 * The ledger itself is unchanged: a refund is the `refund` journal it always was.
 */
export class Refunds1735600000000 implements MigrationInterface {
  name = 'Refunds1735600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.refunds (
        id uuid PRIMARY KEY,
        payment_transaction_id uuid NOT NULL REFERENCES payments.ledger_transactions (id),
        landlord_user_id uuid NOT NULL,
        idempotency_key text NOT NULL,
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
        way text NOT NULL CHECK (way IN ('refund', 'void')),
        status text NOT NULL CHECK (status IN ('requested', 'pending', 'succeeded', 'failed')),
        provider_reference text,
        failure_message text,
        requested_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (landlord_user_id, idempotency_key)
      )`);
    await queryRunner.query(`CREATE INDEX refunds_payment_idx ON payments.refunds (payment_transaction_id)`);
    await queryRunner.query(`REVOKE ALL ON payments.refunds FROM ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE ON payments.refunds TO ${APP_ROLE}`);

    await queryRunner.query(`ALTER TABLE infra.sandbox_refunds ADD COLUMN idempotency_key text`);
    await queryRunner.query(`CREATE UNIQUE INDEX sandbox_refunds_key_idx ON infra.sandbox_refunds (account_id, idempotency_key)`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions ADD COLUMN settled_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions DROP COLUMN settled_at`);
    await queryRunner.query(`DROP INDEX infra.sandbox_refunds_key_idx`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_refunds DROP COLUMN idempotency_key`);
    await queryRunner.query(`DROP TABLE payments.refunds`);
  }
}
