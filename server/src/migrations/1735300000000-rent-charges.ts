import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';
import { ACCOUNTS as ACCOUNTS_BEFORE, BANK_DEBIT_SIGNS, KINDS as KINDS_BEFORE, signFunction } from './1735200000000-bank-debits';

export const KINDS = `${KINDS_BEFORE}, 'rent_charge', 'rent_credit', 'late_fee', 'late_fee_waiver'`;
/** The kinds that correct nothing: every other names the journal it corrects. */
export const ORIGINAL_KINDS = `'rent_payment', 'rent_charge', 'late_fee'`;
export const ACCOUNTS = `${ACCOUNTS_BEFORE}, 'tenant_receivable', 'rent_charged', 'late_fees_charged'`;

/** The sign rules this migration leaves: bank debits' and corrections', and charges'. */
export const RENT_CHARGE_SIGNS = `${BANK_DEBIT_SIGNS}
          WHEN 'rent_charge' THEN CASE account
            WHEN 'tenant_receivable' THEN amount_cents > 0
            WHEN 'rent_charged' THEN amount_cents < 0
            ELSE false END
          WHEN 'rent_credit' THEN CASE account
            WHEN 'tenant_receivable' THEN amount_cents < 0
            WHEN 'rent_charged' THEN amount_cents > 0
            ELSE false END
          WHEN 'late_fee' THEN CASE account
            WHEN 'tenant_receivable' THEN amount_cents > 0
            WHEN 'late_fees_charged' THEN amount_cents < 0
            ELSE false END
          WHEN 'late_fee_waiver' THEN CASE account
            WHEN 'tenant_receivable' THEN amount_cents < 0
            WHEN 'late_fees_charged' THEN amount_cents > 0
            ELSE false END`;

/**
 * What a tenant owes (issue 36, decision 0039).
 * - properties.properties: the day of the month rent falls due (1st to 10th, the 1st until set).
 * - The ledger learns charges: `rent_charge` (a month's rent, pro-rated for a part month) and
 *   `late_fee` put money in `tenant_receivable` against `rent_charged` / `late_fees_charged`;
 *   `rent_credit` (days after a move-out already charged) and `late_fee_waiver` take it out again,
 *   each naming what it corrects. Payments keep their journals: the balance reads them beside the charges.
 * - payments.rent_charges: one row per tenancy, month and kind (the charge; a move-out's credit) beside
 *   its journal, so a month is charged once however many jobs run, and the job reads where each
 *   tenancy stands in one index scan.
 * - statements.statement_lines: `charged_cents`, what a line puts in (or takes out of) the tenant's
 *   receivable, so statements add rent charged and late fees from the same lines as payments.
 * Only CHECKs, the sign function and new columns and tables: no ledger row is touched.
 */
export class RentCharges1735300000000 implements MigrationInterface {
  name = 'RentCharges1735300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE properties.properties
      ADD COLUMN rent_due_day smallint NOT NULL DEFAULT 1 CHECK (rent_due_day BETWEEN 1 AND 10)`);

    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (kind IN (${KINDS}))`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries DROP CONSTRAINT ledger_entries_account_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN (${ACCOUNTS}))`);
    // A charge, like a payment, corrects nothing; a credit names the charge, a waiver the late fee.
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_corrects_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_corrects_check
      CHECK ((kind IN (${ORIGINAL_KINDS})) = (corrects_transaction_id IS NULL))`);
    await queryRunner.query(signFunction(RENT_CHARGE_SIGNS));

    await queryRunner.query(`
      CREATE TABLE payments.rent_charges (
        tenancy_id uuid NOT NULL,
        rent_year smallint NOT NULL,
        rent_month smallint NOT NULL CHECK (rent_month BETWEEN 1 AND 12),
        kind text NOT NULL CHECK (kind IN ('charge', 'credit')),
        transaction_id uuid NOT NULL UNIQUE REFERENCES payments.ledger_transactions (id),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        due_at timestamptz NOT NULL,
        PRIMARY KEY (tenancy_id, rent_year, rent_month, kind)
      )`);
    // Append-only, as the ledger it indexes (default privileges would also allow UPDATE and DELETE).
    await queryRunner.query(`REVOKE ALL ON payments.rent_charges FROM ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT ON payments.rent_charges TO ${APP_ROLE}`);

    await queryRunner.query(`ALTER TABLE statements.statement_lines ADD COLUMN charged_cents bigint NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE statements.statement_lines DROP COLUMN charged_cents`);
    await queryRunner.query(`DROP TABLE payments.rent_charges`);
    await queryRunner.query(signFunction(BANK_DEBIT_SIGNS));
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_corrects_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_corrects_check
      CHECK ((kind = 'rent_payment') = (corrects_transaction_id IS NULL))`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries DROP CONSTRAINT ledger_entries_account_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN (${ACCOUNTS_BEFORE}))`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (kind IN (${KINDS_BEFORE}))`);
    await queryRunner.query(`ALTER TABLE properties.properties DROP COLUMN rent_due_day`);
  }
}
