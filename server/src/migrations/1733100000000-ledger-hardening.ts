import { MigrationInterface, QueryRunner } from 'typeorm';

/** The group role the application's login role is a member of. It owns nothing; it has only what is granted here. */
export const APP_ROLE = 'rentwise_app';

const LEDGER_TABLES = ['payments.ledger_transactions', 'payments.ledger_entries'];

/**
 * Hardens the payment ledger (decision 0013):
 * - the idempotency key keeps a hash of the input it was first used with, and the journal the
 *   correlation of the message that wrote it;
 * - an empty journal is refused at commit, and each entry's sign must suit its account and the
 *   transaction's kind (refunds and corrections post the other way);
 * - the application no longer owns the tables: it connects as a member of `rentwise_app`, which may
 *   read and write every module's tables but only SELECT and INSERT on the ledger, so it can neither
 *   change recorded money nor switch the triggers off. Migrations run as the owner role.
 */
export class LedgerHardening1733100000000 implements MigrationInterface {
  name = 'LedgerHardening1733100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // ADD COLUMN rewrites no rows, so the append-only triggers are not involved. Old rows keep NULLs:
    // their input hash is recomputed from the stored row when their key is replayed.
    await queryRunner.query(`
      ALTER TABLE payments.ledger_transactions
        ADD COLUMN input_hash text,
        ADD COLUMN correlation_id text,
        ADD COLUMN causation_id text`);
    await queryRunner.query(
      `CREATE INDEX ledger_transactions_correlation_idx ON payments.ledger_transactions (correlation_id)`,
    );
    // A refund or a correction says which transaction it undoes; a rent payment undoes nothing.
    // NOT VALID: checked for every new row, without judging rows written before the rule existed.
    await queryRunner.query(`
      ALTER TABLE payments.ledger_transactions ADD CONSTRAINT ledger_transactions_corrects_check
        CHECK ((kind = 'rent_payment') = (corrects_transaction_id IS NULL)) NOT VALID`);

    // The sign rule per kind and account. A rent payment takes money from the card (negative) and
    // owes it to the landlord and the fee account (positive); a refund runs the other way; a
    // correction may move either way, because it names the transaction it corrects.
    await queryRunner.query(`
      CREATE FUNCTION payments.ledger_entry_sign_allowed(kind text, account text, amount_cents bigint)
      RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE kind
          WHEN 'rent_payment' THEN CASE account WHEN 'tenant_card' THEN amount_cents < 0 ELSE amount_cents > 0 END
          WHEN 'refund' THEN CASE account WHEN 'tenant_card' THEN amount_cents > 0 ELSE amount_cents < 0 END
          WHEN 'correction' THEN true
          ELSE false
        END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION payments.check_ledger_entry_sign() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE transaction_kind text;
      BEGIN
        SELECT kind INTO transaction_kind FROM payments.ledger_transactions WHERE id = NEW.transaction_id;
        -- An unknown transaction is left to the foreign key.
        IF FOUND AND NOT payments.ledger_entry_sign_allowed(transaction_kind, NEW.account, NEW.amount_cents) THEN
          RAISE EXCEPTION 'Ledger entry of % cents on % has the wrong sign for a % (transaction %)',
            NEW.amount_cents, NEW.account, transaction_kind, NEW.transaction_id;
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER ledger_entries_sign BEFORE INSERT ON payments.ledger_entries
      FOR EACH ROW EXECUTE FUNCTION payments.check_ledger_entry_sign()`);

    // Checked at commit, once the journal's entries have had their chance to arrive.
    await queryRunner.query(`
      CREATE FUNCTION payments.check_ledger_transaction_has_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM payments.ledger_entries WHERE transaction_id = NEW.id) THEN
          RAISE EXCEPTION 'Ledger transaction % has no entries', NEW.id;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER ledger_transactions_not_empty AFTER INSERT ON payments.ledger_transactions
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payments.check_ledger_transaction_has_entries()`);

    await this.grantApplicationRole(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.revokeApplicationRole(queryRunner);
    await queryRunner.query(`DROP TRIGGER ledger_transactions_not_empty ON payments.ledger_transactions`);
    await queryRunner.query(`DROP FUNCTION payments.check_ledger_transaction_has_entries`);
    await queryRunner.query(`DROP TRIGGER ledger_entries_sign ON payments.ledger_entries`);
    await queryRunner.query(`DROP FUNCTION payments.check_ledger_entry_sign`);
    await queryRunner.query(`DROP FUNCTION payments.ledger_entry_sign_allowed`);
    await queryRunner.query(`ALTER TABLE payments.ledger_transactions DROP CONSTRAINT ledger_transactions_corrects_check`);
    await queryRunner.query(`DROP INDEX payments.ledger_transactions_correlation_idx`);
    await queryRunner.query(`
      ALTER TABLE payments.ledger_transactions
        DROP COLUMN input_hash, DROP COLUMN correlation_id, DROP COLUMN causation_id`);
  }

  private async grantApplicationRole(queryRunner: QueryRunner): Promise<void> {
    // Roles belong to the cluster, not the database: another database (or a concurrent test run)
    // may have created it a moment ago, and the deployment may have created it beforehand.
    await queryRunner.query(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
          CREATE ROLE ${APP_ROLE} NOLOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$`);
    for (const schema of await this.applicationSchemas(queryRunner)) {
      await queryRunner.query(`GRANT USAGE ON SCHEMA "${schema}" TO ${APP_ROLE}`);
      await queryRunner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${schema}" TO ${APP_ROLE}`);
      await queryRunner.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA "${schema}" TO ${APP_ROLE}`);
    }
    // Recorded money: read and append, nothing else (no UPDATE, DELETE, TRUNCATE, TRIGGER).
    for (const table of LEDGER_TABLES) {
      await queryRunner.query(`REVOKE ALL ON ${table} FROM ${APP_ROLE}`);
      await queryRunner.query(`GRANT SELECT, INSERT ON ${table} TO ${APP_ROLE}`);
    }
    // Tables later migrations create (as this same owner role) are the application's to use too.
    // A future append-only table must REVOKE what it should not allow, as above.
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES GRANT USAGE ON SCHEMAS TO ${APP_ROLE}`);
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`);
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE}`);
  }

  private async revokeApplicationRole(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES REVOKE USAGE ON SCHEMAS FROM ${APP_ROLE}`);
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES REVOKE ALL ON TABLES FROM ${APP_ROLE}`);
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES REVOKE ALL ON SEQUENCES FROM ${APP_ROLE}`);
    for (const schema of await this.applicationSchemas(queryRunner)) {
      await queryRunner.query(`REVOKE ALL ON ALL TABLES IN SCHEMA "${schema}" FROM ${APP_ROLE}`);
      await queryRunner.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA "${schema}" FROM ${APP_ROLE}`);
      await queryRunner.query(`REVOKE USAGE ON SCHEMA "${schema}" FROM ${APP_ROLE}`);
    }
    // The role itself stays: it belongs to the cluster and other databases may still use it.
  }

  /** Every module's schema (not public, which holds only the migrations table, nor the system's). */
  private async applicationSchemas(queryRunner: QueryRunner): Promise<string[]> {
    const rows: { nspname: string }[] = await queryRunner.query(
      `SELECT nspname FROM pg_namespace
        WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%'
        ORDER BY nspname`,
    );
    return rows.map((row) => row.nspname);
  }
}
