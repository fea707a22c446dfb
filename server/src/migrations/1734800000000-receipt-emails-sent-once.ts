import { MigrationInterface, QueryRunner } from 'typeorm';
import { ReceiptEmails1734700000000 } from './1734700000000-receipt-emails';

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
    // The table as the migration that made it left it (empty: what it recorded is gone).
    await new ReceiptEmails1734700000000().up(queryRunner);
  }
}
