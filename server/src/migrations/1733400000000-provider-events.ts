import { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'rent_payment', 'refund', 'correction'`;
const KINDS = `'rent_payment', 'refund', 'correction', 'dispute', 'dispute_won', 'dispute_lost'`;
const ACCOUNTS_BEFORE = `'tenant_card', 'landlord_payable', 'processing_fees'`;
const ACCOUNTS = `'tenant_card', 'landlord_payable', 'processing_fees', 'disputed', 'dispute_fees'`;

/**
 * Provider events reach the ledger exactly once (issue 12, decision 0021):
 * - `infra.inbox`: every verified provider event, stored once (unique on the provider's event id)
 *   with its job before the endpoint answers 200; handlers work from the stored row.
 * - The ledger learns disputes: kinds `dispute` (funds held from the landlord, with the provider's
 *   dispute fee), `dispute_won` (funds given back) and `dispute_lost` (held funds returned to the card),
 *   on two new accounts, `disputed` and `dispute_fees`. Only the CHECKs and the sign function change:
 *   no ledger row is touched, and the app role keeps only SELECT and INSERT on the ledger.
 */
export class ProviderEvents1733400000000 implements MigrationInterface {
  name = 'ProviderEvents1733400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE infra.inbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider text NOT NULL,
        provider_event_id text NOT NULL,
        endpoint text NOT NULL CHECK (endpoint IN ('platform', 'connect')),
        type text NOT NULL,
        account_id text,
        livemode boolean NOT NULL,
        provider_created_at timestamptz NOT NULL,
        event jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'skipped', 'unhandled', 'failed')),
        outcome text,
        attempts integer NOT NULL DEFAULT 0,
        sweeps integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz,
        correlation_id text,
        received_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        handled_at timestamptz,
        UNIQUE (provider, provider_event_id)
      )`);
    await queryRunner.query(`CREATE INDEX inbox_status_idx ON infra.inbox (status, updated_at) WHERE status IN ('pending', 'failed')`);

    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (kind IN (${KINDS}))`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries DROP CONSTRAINT ledger_entries_account_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN (${ACCOUNTS}))`);
    // Signs per kind and account. Accounts a kind does not use are refused for it.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION payments.ledger_entry_sign_allowed(kind text, account text, amount_cents bigint)
      RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE kind
          WHEN 'rent_payment' THEN CASE account
            WHEN 'tenant_card' THEN amount_cents < 0
            WHEN 'landlord_payable' THEN amount_cents > 0
            WHEN 'processing_fees' THEN amount_cents > 0
            ELSE false END
          WHEN 'refund' THEN CASE account
            WHEN 'tenant_card' THEN amount_cents > 0
            WHEN 'landlord_payable' THEN amount_cents < 0
            WHEN 'processing_fees' THEN amount_cents < 0
            ELSE false END
          WHEN 'dispute' THEN CASE account
            WHEN 'landlord_payable' THEN amount_cents < 0
            WHEN 'disputed' THEN amount_cents > 0
            WHEN 'dispute_fees' THEN amount_cents > 0
            ELSE false END
          WHEN 'dispute_won' THEN CASE account
            WHEN 'landlord_payable' THEN amount_cents > 0
            WHEN 'disputed' THEN amount_cents < 0
            WHEN 'dispute_fees' THEN amount_cents < 0
            ELSE false END
          WHEN 'dispute_lost' THEN CASE account
            WHEN 'disputed' THEN amount_cents < 0
            WHEN 'tenant_card' THEN amount_cents > 0
            ELSE false END
          WHEN 'correction' THEN true
          ELSE false
        END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION payments.ledger_entry_sign_allowed(kind text, account text, amount_cents bigint)
      RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE kind
          WHEN 'rent_payment' THEN CASE account WHEN 'tenant_card' THEN amount_cents < 0 ELSE amount_cents > 0 END
          WHEN 'refund' THEN CASE account WHEN 'tenant_card' THEN amount_cents > 0 ELSE amount_cents < 0 END
          WHEN 'correction' THEN true
          ELSE false
        END
      $$`);
    // NOT VALID: journals of the new kinds stay (the ledger is append-only); new ones are refused.
    await queryRunner.query(`ALTER TABLE payments.ledger_entries DROP CONSTRAINT ledger_entries_account_check`);
    await queryRunner.query(
      `ALTER TABLE payments.ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN (${ACCOUNTS_BEFORE})) NOT VALID`,
    );
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check`);
    await queryRunner.query(
      `ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (kind IN (${KINDS_BEFORE})) NOT VALID`,
    );
    await queryRunner.query(`DROP TABLE infra.inbox`);
  }
}
