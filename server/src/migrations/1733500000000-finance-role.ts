import { MigrationInterface, QueryRunner } from 'typeorm';

/** Finance staff (issue 15): a user type that reads every landlord's statements and changes nothing. */
export class FinanceRole1733500000000 implements MigrationInterface {
  name = 'FinanceRole1733500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // PostgreSQL 12+ allows this inside the migration's transaction; the value is first used after it commits.
    await queryRunner.query(`ALTER TYPE accounts.user_type ADD VALUE IF NOT EXISTS 'finance'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // An enum value cannot be dropped; finance users are turned into nothing else, so refuse loudly.
    const [{ count }] = await queryRunner.query(`SELECT count(*)::int AS count FROM accounts.users WHERE type = 'finance'`);
    if (count > 0) throw new Error(`${count} finance user(s) exist: remove them before reverting the finance role`);
  }
}
