import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The commit-time check that a journal has entries counts them instead of asking EXISTS. A plan for
 * EXISTS may stop at the first row it finds, so PL/pgSQL's cached generic plan for it was a sequential
 * scan whenever the session first ran it on a small ledger, and it stayed one as the ledger grew, until
 * the next ANALYZE: the charging job's first run on a new database read the whole of ledger_entries once
 * a journal (100 million rows read for 10,000 charges, 66 s for 100,000). A count over a journal's two to
 * four entries costs the same and plans as an index scan, as the balance check's sum always has.
 */
export class LedgerEntriesCheckPlan1735800000000 implements MigrationInterface {
  name = 'LedgerEntriesCheckPlan1735800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION payments.check_ledger_transaction_has_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE entries bigint;
      BEGIN
        SELECT count(*) INTO entries FROM payments.ledger_entries WHERE transaction_id = NEW.id;
        IF entries = 0 THEN
          RAISE EXCEPTION 'Ledger transaction % has no entries', NEW.id;
        END IF;
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION payments.check_ledger_transaction_has_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM payments.ledger_entries WHERE transaction_id = NEW.id) THEN
          RAISE EXCEPTION 'Ledger transaction % has no entries', NEW.id;
        END IF;
        RETURN NULL;
      END $$`);
  }
}
