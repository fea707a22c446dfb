import { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'rent_payment', 'refund', 'correction', 'dispute', 'dispute_won', 'dispute_lost'`;
export const KINDS = `${KINDS_BEFORE}, 'bank_debit_settled', 'bank_debit_failed'`;
const ACCOUNTS_BEFORE = `'tenant_card', 'landlord_payable', 'processing_fees', 'disputed', 'dispute_fees'`;
export const ACCOUNTS = `${ACCOUNTS_BEFORE}, 'bank_debit_clearing'`;

const RENT_PAYMENT_SIGNS_BEFORE = `
          WHEN 'rent_payment' THEN CASE account
            WHEN 'tenant_card' THEN amount_cents < 0
            WHEN 'landlord_payable' THEN amount_cents > 0
            WHEN 'processing_fees' THEN amount_cents > 0
            ELSE false END`;

/** Every other kind's signs, unchanged by bank debits. */
const CORRECTION_SIGNS = `
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
          WHEN 'correction' THEN true`;

export const signFunction = (cases: string): string => `
      CREATE OR REPLACE FUNCTION payments.ledger_entry_sign_allowed(kind text, account text, amount_cents bigint)
      RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE kind ${cases}
          ELSE false
        END
      $$`;

/** The sign rules this migration leaves: payments (a bank debit's too), their answers and every correction. */
export const BANK_DEBIT_SIGNS = `
          WHEN 'rent_payment' THEN CASE account
            WHEN 'tenant_card' THEN amount_cents < 0
            WHEN 'landlord_payable' THEN amount_cents > 0
            WHEN 'processing_fees' THEN amount_cents > 0
            WHEN 'bank_debit_clearing' THEN amount_cents > 0
            ELSE false END
          WHEN 'bank_debit_settled' THEN CASE account
            WHEN 'bank_debit_clearing' THEN amount_cents < 0
            WHEN 'landlord_payable' THEN amount_cents > 0
            WHEN 'processing_fees' THEN amount_cents > 0
            ELSE false END
          WHEN 'bank_debit_failed' THEN CASE account
            WHEN 'bank_debit_clearing' THEN amount_cents < 0
            WHEN 'tenant_card' THEN amount_cents > 0
            ELSE false END
          ${CORRECTION_SIGNS}`;

/**
 * Rent from a bank account (issue 35, decision 0037).
 * - onboarding.registrations keeps whether the payout account takes bank debits, as the provider
 *   last said (Stripe's `us_bank_account_ach_payments` capability), as it keeps charges_enabled (0026).
 * - The ledger: a bank debit's rent_payment journal, posted when the bank is asked, puts the money in
 *   `bank_debit_clearing` (the tenant's side is the payment account, stored as 'tenant_card' like every
 *   payment's); `bank_debit_settled` moves it to the landlord and the platform fee, `bank_debit_failed`
 *   back to the tenant. Only the CHECKs and the sign function change: no ledger row is touched.
 * - The attempt (payments.card_payments, every way of paying's attempt): how it was paid, the bank's
 *   name and last four, the mandate; `processing` (its journal posted, the money not yet settled) and
 *   `failed` (the bank refused it after it was sent, its failure journal posted).
 * - payments.bank_debit_mandates: each accepted mandate's text, time, address and user agent, once per
 *   payment attempt's key.
 * - payments.bank_accounts: each account a tenant linked (bank name and last four, never numbers),
 *   whether it is saved for next time, whether a return has blocked it, and the provider's customer
 *   it is attached to (an account linked through Financial Connections is debited with that customer).
 * - payments.bank_customers: the provider's customer for each tenant on each landlord's connected
 *   account, made once, for linking bank accounts with Financial Connections.
 * - The sandbox provider learns bank accounts (with microdeposit verification) and debits that stay
 *   pending until its clock settles or fails them.
 */
export class BankDebits1735200000000 implements MigrationInterface {
  name = 'BankDebits1735200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE onboarding.registrations ADD COLUMN payout_bank_debits_enabled boolean`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (kind IN (${KINDS}))`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries DROP CONSTRAINT ledger_entries_account_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN (${ACCOUNTS}))`);
    await queryRunner.query(signFunction(BANK_DEBIT_SIGNS));

    await queryRunner.query(`
      CREATE TABLE payments.bank_debit_mandates (
        id uuid PRIMARY KEY,
        idempotency_key text NOT NULL UNIQUE,
        tenant_user_id uuid NOT NULL,
        landlord_user_id uuid NOT NULL,
        provider text NOT NULL,
        connected_account_id text NOT NULL,
        payment_method_id text NOT NULL,
        provider_mandate_id text,
        version text NOT NULL,
        text text NOT NULL,
        accepted_at timestamptz NOT NULL,
        client_address text,
        user_agent text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX bank_debit_mandates_method_idx ON payments.bank_debit_mandates (connected_account_id, payment_method_id)`);

    await queryRunner.query(`
      CREATE TABLE payments.bank_accounts (
        id uuid PRIMARY KEY,
        tenant_user_id uuid NOT NULL,
        provider text NOT NULL,
        connected_account_id text NOT NULL,
        payment_method_id text NOT NULL,
        bank_name text NOT NULL,
        last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
        saved boolean NOT NULL DEFAULT false,
        removed_at timestamptz,
        blocked_at timestamptz,
        blocked_reason text,
        customer_id text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (connected_account_id, payment_method_id)
      )`);
    await queryRunner.query(`CREATE INDEX bank_accounts_tenant_idx ON payments.bank_accounts (tenant_user_id) WHERE saved AND removed_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE payments.bank_customers (
        tenant_user_id uuid NOT NULL,
        connected_account_id text NOT NULL,
        customer_id text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (tenant_user_id, connected_account_id)
      )`);

    await queryRunner.query(`ALTER TABLE payments.card_payments
      ADD COLUMN method text NOT NULL DEFAULT 'card' CHECK (method IN ('card', 'bank_debit')),
      ADD COLUMN bank_name text,
      ADD COLUMN bank_last4 text,
      ADD COLUMN mandate_id uuid REFERENCES payments.bank_debit_mandates(id),
      ADD COLUMN settled_at timestamptz`);
    await queryRunner.query(`ALTER TABLE payments.card_payments DROP CONSTRAINT card_payments_status_check`);
    await queryRunner.query(`ALTER TABLE payments.card_payments
      ADD CONSTRAINT card_payments_status_check CHECK (status IN ('pending', 'succeeded', 'declined', 'processing', 'failed'))`);
    await queryRunner.query(`ALTER TABLE payments.card_payments DROP CONSTRAINT card_payments_check2`);
    await queryRunner.query(`ALTER TABLE payments.card_payments
      ADD CONSTRAINT card_payments_posted_check CHECK ((status IN ('succeeded', 'processing', 'failed')) = (ledger_transaction_id IS NOT NULL))`);
    await queryRunner.query(`ALTER TABLE payments.card_payments
      ADD CONSTRAINT card_payments_bank_debit_check CHECK (method = 'card' OR (mandate_id IS NOT NULL AND bank_last4 IS NOT NULL))`);
    await queryRunner.query(`CREATE INDEX card_payments_processing_idx ON payments.card_payments (created_at) WHERE status = 'processing'`);

    await queryRunner.query(`ALTER TABLE infra.sandbox_payment_methods
      ADD COLUMN type text NOT NULL DEFAULT 'card' CHECK (type IN ('card', 'us_bank_account')),
      ADD COLUMN bank_name text,
      ADD COLUMN routing_number text,
      ADD COLUMN verification text CHECK (verification IN ('verified', 'pending', 'failed')),
      ADD COLUMN verification_failure text,
      ALTER COLUMN exp_month DROP NOT NULL,
      ALTER COLUMN exp_year DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_charges DROP CONSTRAINT sandbox_charges_status_check`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_charges
      ADD CONSTRAINT sandbox_charges_status_check CHECK (status IN ('succeeded', 'failed', 'pending')),
      ADD COLUMN settles_at timestamptz,
      ADD COLUMN mandate_id text`);
    await queryRunner.query(`CREATE INDEX sandbox_charges_pending_idx ON infra.sandbox_charges (settles_at) WHERE status = 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX infra.sandbox_charges_pending_idx`);
    await queryRunner.query(`DELETE FROM infra.sandbox_charges WHERE status = 'pending'`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_charges DROP CONSTRAINT sandbox_charges_status_check,
      DROP COLUMN settles_at, DROP COLUMN mandate_id`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_charges ADD CONSTRAINT sandbox_charges_status_check CHECK (status IN ('succeeded', 'failed'))`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_payment_methods
      DROP COLUMN type, DROP COLUMN bank_name, DROP COLUMN routing_number, DROP COLUMN verification, DROP COLUMN verification_failure`);
    await queryRunner.query(`DROP INDEX payments.card_payments_processing_idx`);
    await queryRunner.query(`ALTER TABLE payments.card_payments DROP CONSTRAINT card_payments_bank_debit_check, DROP CONSTRAINT card_payments_posted_check`);
    await queryRunner.query(`ALTER TABLE payments.card_payments DROP CONSTRAINT card_payments_status_check`);
    // NOT VALID: attempts of the new states stay; new ones are refused.
    await queryRunner.query(`ALTER TABLE payments.card_payments
      ADD CONSTRAINT card_payments_status_check CHECK (status IN ('pending', 'succeeded', 'declined')) NOT VALID,
      ADD CONSTRAINT card_payments_check2 CHECK ((status = 'succeeded') = (ledger_transaction_id IS NOT NULL)) NOT VALID`);
    await queryRunner.query(`ALTER TABLE payments.card_payments
      DROP COLUMN method, DROP COLUMN bank_name, DROP COLUMN bank_last4, DROP COLUMN mandate_id, DROP COLUMN settled_at`);
    await queryRunner.query(`DROP TABLE payments.bank_customers`);
    await queryRunner.query(`DROP TABLE payments.bank_accounts`);
    await queryRunner.query(`DROP TABLE payments.bank_debit_mandates`);
    await queryRunner.query(signFunction(RENT_PAYMENT_SIGNS_BEFORE + CORRECTION_SIGNS));
    await queryRunner.query(`ALTER TABLE payments.ledger_entries DROP CONSTRAINT ledger_entries_account_check`);
    await queryRunner.query(
      `ALTER TABLE payments.ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN (${ACCOUNTS_BEFORE})) NOT VALID`,
    );
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check`);
    await queryRunner.query(
      `ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (kind IN (${KINDS_BEFORE})) NOT VALID`,
    );
    await queryRunner.query(`ALTER TABLE onboarding.registrations DROP COLUMN payout_bank_debits_enabled`);
  }
}
