import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * A receipt's job now sends its email itself, once per job by infra.sent_emails (as every outbox
 * email is), instead of queuing a second job once per receipt: payments.receipt_emails has no reader
 * or writer left.
 */
export class ReceiptEmailsSentOnce1734800000000 implements MigrationInterface {
  name = 'ReceiptEmailsSentOnce1734800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE payments.receipt_emails');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payments.receipt_emails (
        receipt_id uuid PRIMARY KEY,
        queued_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`REVOKE ALL ON payments.receipt_emails FROM ${APP_ROLE}`);
    await queryRunner.query(`GRANT SELECT, INSERT ON payments.receipt_emails TO ${APP_ROLE}`);
  }
}
