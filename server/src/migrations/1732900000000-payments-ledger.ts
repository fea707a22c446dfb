import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment ledger: each money movement is a transaction of entries that sum to zero. Rows are
 * never updated or deleted (triggers refuse it); a correction is a new transaction.
 */
export class PaymentsLedger1732900000000 implements MigrationInterface {
  name = 'PaymentsLedger1732900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.ledger_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        idempotency_key text NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('rent_payment', 'refund', 'correction')),
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        tenant_user_id uuid NOT NULL,
        landlord_user_id uuid NOT NULL,
        property_id uuid NOT NULL,
        description text NOT NULL,
        provider text NOT NULL,
        provider_reference text,
        corrects_transaction_id uuid REFERENCES payments.ledger_transactions(id)
      )`);
    await queryRunner.query(
      `CREATE INDEX ledger_transactions_property_idx ON payments.ledger_transactions (property_id, occurred_at)`,
    );
    await queryRunner.query(
      `CREATE INDEX ledger_transactions_tenant_idx ON payments.ledger_transactions (tenant_user_id, occurred_at)`,
    );
    await queryRunner.query(
      `CREATE INDEX ledger_transactions_landlord_idx ON payments.ledger_transactions (landlord_user_id, occurred_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE payments.ledger_entries (
        id bigserial PRIMARY KEY,
        transaction_id uuid NOT NULL REFERENCES payments.ledger_transactions(id),
        account text NOT NULL CHECK (account IN ('tenant_card', 'landlord_payable', 'processing_fees')),
        amount_cents bigint NOT NULL CHECK (amount_cents <> 0)
      )`);
    await queryRunner.query(`CREATE INDEX ledger_entries_transaction_idx ON payments.ledger_entries (transaction_id)`);

    await queryRunner.query(`
      CREATE FUNCTION payments.refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'The payment ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
      END $$`);
    for (const table of ['ledger_transactions', 'ledger_entries']) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON payments.${table}
        FOR EACH STATEMENT EXECUTE FUNCTION payments.refuse_ledger_change()`);
    }
    // Checked at commit, once all of a transaction's entries are in.
    await queryRunner.query(`
      CREATE FUNCTION payments.check_ledger_balance() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE balance bigint;
      BEGIN
        SELECT coalesce(sum(amount_cents), 0) INTO balance
          FROM payments.ledger_entries WHERE transaction_id = NEW.transaction_id;
        IF balance <> 0 THEN
          RAISE EXCEPTION 'Ledger transaction % does not balance (off by % cents)', NEW.transaction_id, balance;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON payments.ledger_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payments.check_ledger_balance()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payments.ledger_entries`);
    await queryRunner.query(`DROP TABLE payments.ledger_transactions`);
    await queryRunner.query(`DROP FUNCTION payments.check_ledger_balance`);
    await queryRunner.query(`DROP FUNCTION payments.refuse_ledger_change`);
  }
}
