import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One name for the fee Rentwise keeps from each payment: the platform fee (decision 0036). The card
 * attempt called it the application fee (Stripe's word) and the statement line the service fee.
 * Renames only: the stored amounts, and the ledger account label 'processing_fees', stay as they are.
 */
export class PlatformFeeColumns1735140000000 implements MigrationInterface {
  name = 'PlatformFeeColumns1735140000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.card_payments RENAME COLUMN application_fee_cents TO platform_fee_cents`);
    await queryRunner.query(`ALTER TABLE statements.statement_lines RENAME COLUMN service_fee_cents TO platform_fee_cents`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE statements.statement_lines RENAME COLUMN platform_fee_cents TO service_fee_cents`);
    await queryRunner.query(`ALTER TABLE payments.card_payments RENAME COLUMN platform_fee_cents TO application_fee_cents`);
  }
}
