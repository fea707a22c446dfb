import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';
import { signFunction } from './1735200000000-bank-debits';
import { ACCOUNTS as ACCOUNTS_BEFORE, KINDS as KINDS_BEFORE, ORIGINAL_KINDS as ORIGINAL_KINDS_BEFORE, RENT_CHARGE_SIGNS } from './1735300000000-rent-charges';

const KINDS = `${KINDS_BEFORE}, 'recorded_payment', 'recorded_payment_void'`;
const ORIGINAL_KINDS = `${ORIGINAL_KINDS_BEFORE}, 'recorded_payment'`;
const ACCOUNTS = `${ACCOUNTS_BEFORE}, 'received_by_landlord'`;

/**
 * Rent a landlord received outside Rentwise and recorded (issue 38, decision 0043).
 * - The ledger learns `recorded_payment` (the tenant's payment account to `received_by_landlord`:
 *   money already in the landlord's hands, no fee of ours or a processor's) and
 *   `recorded_payment_void`, which names the payment and runs exactly the other way.
 * - payments.recorded_payments: how it was paid (method, reference), the day received on the
 *   landlord's calendar and who recorded it, one row beside each journal.
 * - payments.recorded_payment_voids: the reason and who voided it, one row per payment (its key), beside
 *   the void's journal.
 * Both tables are append-only for the app, as the ledger they describe: a recorded payment is never
 * edited or deleted; a void is a new journal and a new row. Only CHECKs, the sign function and new
 * tables: no ledger row is touched.
 */
export class RecordedPayments1735500000000 implements MigrationInterface {
  name = 'RecordedPayments1735500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (kind IN (${KINDS}))`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries DROP CONSTRAINT ledger_entries_account_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN (${ACCOUNTS}))`);
    // A recorded payment, like a card payment, corrects nothing; its void names it.
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_corrects_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_corrects_check
      CHECK ((kind IN (${ORIGINAL_KINDS})) = (corrects_transaction_id IS NULL))`);
    await queryRunner.query(
      signFunction(`${RENT_CHARGE_SIGNS}
          WHEN 'recorded_payment' THEN CASE account
            WHEN 'tenant_card' THEN amount_cents < 0
            WHEN 'received_by_landlord' THEN amount_cents > 0
            ELSE false END
          WHEN 'recorded_payment_void' THEN CASE account
            WHEN 'tenant_card' THEN amount_cents > 0
            WHEN 'received_by_landlord' THEN amount_cents < 0
            ELSE false END`),
    );

    await queryRunner.query(`
      CREATE TABLE payments.recorded_payments (
        transaction_id uuid PRIMARY KEY REFERENCES payments.ledger_transactions (id),
        method text NOT NULL CHECK (method IN ('cash', 'check', 'money_order', 'other')),
        reference text CHECK (length(reference) BETWEEN 1 AND 40),
        received_on date NOT NULL,
        recorded_by_user_id uuid NOT NULL,
        recorded_at timestamptz NOT NULL,
        CHECK (method <> 'check' OR reference IS NOT NULL)
      )`);
    await queryRunner.query(`
      CREATE TABLE payments.recorded_payment_voids (
        payment_transaction_id uuid PRIMARY KEY REFERENCES payments.recorded_payments (transaction_id),
        void_transaction_id uuid NOT NULL UNIQUE REFERENCES payments.ledger_transactions (id),
        reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
        voided_by_user_id uuid NOT NULL,
        voided_at timestamptz NOT NULL
      )`);
    // Append-only, as the ledger they describe (default privileges would also allow UPDATE and DELETE).
    for (const table of ['payments.recorded_payments', 'payments.recorded_payment_voids']) {
      await queryRunner.query(`REVOKE ALL ON ${table} FROM ${APP_ROLE}`);
      await queryRunner.query(`GRANT SELECT, INSERT ON ${table} TO ${APP_ROLE}`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.recorded_payment_voids`);
    await queryRunner.query(`DROP TABLE payments.recorded_payments`);
    await queryRunner.query(signFunction(RENT_CHARGE_SIGNS));
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_corrects_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_corrects_check
      CHECK ((kind IN (${ORIGINAL_KINDS_BEFORE})) = (corrects_transaction_id IS NULL))`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries DROP CONSTRAINT ledger_entries_account_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN (${ACCOUNTS_BEFORE}))`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (kind IN (${KINDS_BEFORE}))`);
  }
}
