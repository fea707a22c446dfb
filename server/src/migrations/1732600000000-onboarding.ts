import { MigrationInterface, QueryRunner } from 'typeorm';

export class Onboarding1732600000000 implements MigrationInterface {
  name = 'Onboarding1732600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE onboarding.registration_status AS ENUM ('pending', 'approved', 'rejected')`);
    // A landlord's application as submitted (the operator reviews what was sent), the review,
    // and the payout account connected in step 1. landlord_user_id is an accounts id: no foreign key
    // across modules.
    await queryRunner.query(`
      CREATE TABLE onboarding.registrations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        landlord_user_id uuid NOT NULL UNIQUE,
        status onboarding.registration_status NOT NULL DEFAULT 'pending',
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        submitted_at timestamptz NOT NULL,
        reviewed_at timestamptz,
        reviewed_by uuid,
        rejection_reason text,
        payout_account_id text UNIQUE,
        payout_status text CHECK (payout_status IN ('pending', 'active', 'restricted')),
        payout_connected_at timestamptz,
        CONSTRAINT registrations_review_recorded CHECK ((status = 'pending') = (reviewed_at IS NULL)),
        CONSTRAINT registrations_rejection_has_reason CHECK (status <> 'rejected' OR rejection_reason IS NOT NULL),
        CONSTRAINT registrations_payout_after_approval CHECK (payout_account_id IS NULL OR status = 'approved')
      )`);
    await queryRunner.query(`CREATE INDEX registrations_queue_idx ON onboarding.registrations (status, submitted_at)`);
    // The emailed step-1 links: random, stored as a SHA-256 hash, expiring, and used up once the
    // payout account is connected (not when first opened: a landlord who abandons the provider's
    // form must be able to start again from the same email).
    await queryRunner.query(`
      CREATE TABLE onboarding.step_one_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        registration_id uuid NOT NULL REFERENCES onboarding.registrations(id),
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX step_one_tokens_registration_idx ON onboarding.step_one_tokens (registration_id) WHERE used_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE onboarding.step_one_tokens`);
    await queryRunner.query(`DROP TABLE onboarding.registrations`);
    await queryRunner.query(`DROP TYPE onboarding.registration_status`);
  }
}
