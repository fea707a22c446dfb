import { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1732400000000 implements MigrationInterface {
  name = 'Accounts1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE accounts.user_type AS ENUM ('landlord', 'tenant', 'operator')`);
    // pending: signed up, awaiting review (landlords) or invited, no password yet (tenants).
    await queryRunner.query(
      `CREATE TYPE accounts.user_status AS ENUM ('pending', 'approved', 'rejected', 'active', 'disabled', 'removed')`,
    );
    await queryRunner.query(`
      CREATE TABLE accounts.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type accounts.user_type NOT NULL,
        status accounts.user_status NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        photo_key text,
        password_hash text,
        activated_at timestamptz,
        last_login_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_lowercase CHECK (email = lower(email))
      )`);
    // Removed accounts keep their row (history refers to them) but free their email.
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON accounts.users (email) WHERE status <> 'removed'`);
    await queryRunner.query(`
      CREATE TABLE accounts.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES accounts.users(id),
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX sessions_user_idx ON accounts.sessions (user_id) WHERE revoked_at IS NULL`);
    await queryRunner.query(`CREATE TYPE accounts.token_purpose AS ENUM ('activation', 'password_reset', 'onboarding')`);
    await queryRunner.query(`
      CREATE TABLE accounts.one_time_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES accounts.users(id),
        purpose accounts.token_purpose NOT NULL,
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE accounts.one_time_tokens`);
    await queryRunner.query(`DROP TYPE accounts.token_purpose`);
    await queryRunner.query(`DROP TABLE accounts.sessions`);
    await queryRunner.query(`DROP TABLE accounts.users`);
    await queryRunner.query(`DROP TYPE accounts.user_status`);
    await queryRunner.query(`DROP TYPE accounts.user_type`);
  }
}
