import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * The receipts whose email has been queued: a receipt's email is rendered by its own job after the
 * payment commits, and a job run twice (a worker killed after queuing the email) finds its receipt
 * here and queues nothing more.
 */
export class ReceiptEmails1734700000000 implements MigrationInterface {
  name = 'ReceiptEmails1734700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.receipt_emails (
        receipt_id uuid PRIMARY KEY,
        queued_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Append-only: a receipt once queued stays queued.
    await queryRunner.query(`REVOKE ALL ON payments.receipt_emails FROM ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT ON payments.receipt_emails TO ${APP_ROLE}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE payments.receipt_emails');
  }
}
