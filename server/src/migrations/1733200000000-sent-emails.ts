import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * The mail log: one row per email handed to SMTP, keyed by the outbox row that asked for it. The
 * mail worker checks it before sending and writes it right after, so a job that runs twice (a
 * worker killed mid-job, a retry after a lost acknowledgement) sends its email once.
 */
export class SentEmails1733200000000 implements MigrationInterface {
  name = 'SentEmails1733200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE infra.sent_emails (
        key text PRIMARY KEY,
        message_id text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`GRANT SELECT, INSERT ON infra.sent_emails TO ${APP_ROLE}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE infra.sent_emails');
  }
}
