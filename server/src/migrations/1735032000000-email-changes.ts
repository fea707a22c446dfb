import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * A new sign-in email waits here until the link sent to it is opened (issue 32, decision 0033): one
 * row per `email_change` one-time token, saying whose email changes to what and which session asked,
 * so that session stays signed in when the others are ended.
 */
export class EmailChanges1735032000000 implements MigrationInterface {
  name = 'EmailChanges1735032000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A new enum value cannot be used in the transaction that adds it; nothing here uses it.
    await queryRunner.query(`ALTER TYPE accounts.token_purpose ADD VALUE IF NOT EXISTS 'email_change'`);
    await queryRunner.query(`
      CREATE TABLE accounts.email_changes (
        token_id uuid PRIMARY KEY REFERENCES accounts.one_time_tokens(id),
        user_id uuid NOT NULL REFERENCES accounts.users(id),
        new_email text NOT NULL,
        requested_in_session_id uuid REFERENCES accounts.sessions(id),
        CONSTRAINT email_changes_email_lowercase CHECK (new_email = lower(new_email))
      )`);
    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON accounts.email_changes TO ${APP_ROLE}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE accounts.email_changes`);
    await queryRunner.query(`DELETE FROM accounts.one_time_tokens WHERE purpose = 'email_change'`);
    // PostgreSQL cannot drop an enum value: the type is made again without it.
    await queryRunner.query(`ALTER TYPE accounts.token_purpose RENAME TO token_purpose_with_email_change`);
    await queryRunner.query(`CREATE TYPE accounts.token_purpose AS ENUM ('activation', 'password_reset', 'onboarding')`);
    await queryRunner.query(
      `ALTER TABLE accounts.one_time_tokens ALTER COLUMN purpose TYPE accounts.token_purpose USING purpose::text::accounts.token_purpose`,
    );
    await queryRunner.query(`DROP TYPE accounts.token_purpose_with_email_change`);
  }
}
