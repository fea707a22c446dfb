import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes the hot reads need (issue 16), found on the bench database of 333,334 journals:
 * - a payment's refunds and disputes are found by `corrects_transaction_id`: without an index each
 *   receipt and each row of a tenant's payment history scanned the whole ledger (2 s for a history of
 *   34 payments). Partial: payments themselves correct nothing.
 * - a property's tenancies, ended ones included, oldest first (statements' months): only current
 *   tenancies had an index by property.
 */
export class HotReadIndexes1733900000000 implements MigrationInterface {
  name = 'HotReadIndexes1733900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX ledger_transactions_corrects_idx ON payments.ledger_transactions (corrects_transaction_id)
        WHERE corrects_transaction_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX tenancies_property_idx ON tenants.tenancies (property_id, started_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX tenants.tenancies_property_idx`);
    await queryRunner.query(`DROP INDEX payments.ledger_transactions_corrects_idx`);
  }
}
