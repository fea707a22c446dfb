import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The offline Authorize.Net sandbox settles in batches, as the gateway does (decision 0046): a batch
 * per merchant and settlement, the batch that settled each transaction, and chargebacks (a settled
 * charge taken back by the card holder's bank), each listed in the batch that moves its money.
 */
export class AuthorizeNetBatches1735720000000 implements MigrationInterface {
  name = 'AuthorizeNetBatches1735720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE infra.sandbox_anet_batches (
        id text PRIMARY KEY,
        merchant text NOT NULL,
        settled_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX sandbox_anet_batches_merchant_idx ON infra.sandbox_anet_batches (merchant, settled_at)`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions ADD COLUMN batch_id text REFERENCES infra.sandbox_anet_batches(id)`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions ADD COLUMN charged_back_at timestamptz`);
    await queryRunner.query(
      `ALTER TABLE infra.sandbox_anet_transactions ADD COLUMN chargeback_batch_id text REFERENCES infra.sandbox_anet_batches(id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions DROP COLUMN chargeback_batch_id`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions DROP COLUMN charged_back_at`);
    await queryRunner.query(`ALTER TABLE infra.sandbox_anet_transactions DROP COLUMN batch_id`);
    await queryRunner.query(`DROP TABLE infra.sandbox_anet_batches`);
  }
}
