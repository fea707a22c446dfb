import { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from './1733100000000-ledger-hardening';

/**
 * Each landlord's statement lines get a version, a new random one whenever a statement inserts,
 * changes or deletes any of their lines (projection, rebuild, a time zone's re-bucketing, a hand
 * repair alike: a trigger, so no writer can forget). A yearly statement is remembered under it
 * (decision 0024); random rather than counted, so a database restored to an older state brings back
 * the old version with the old lines, never an old number for new lines.
 */
export class LandlordLineVersions1734900000000 implements MigrationInterface {
  name = 'LandlordLineVersions1734900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE statements.landlord_line_versions (
        landlord_user_id uuid PRIMARY KEY,
        version uuid NOT NULL
      )`);
    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE ON statements.landlord_line_versions TO ${APP_ROLE}`);
    await queryRunner.query(`
      CREATE FUNCTION statements.renew_landlord_line_versions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO statements.landlord_line_versions (landlord_user_id, version)
        SELECT landlord_user_id, gen_random_uuid() FROM (SELECT DISTINCT landlord_user_id FROM changed) AS landlords
        ON CONFLICT (landlord_user_id) DO UPDATE SET version = excluded.version;
        RETURN NULL;
      END $$`);
    for (const [event, table] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ]) {
      await queryRunner.query(`
        CREATE TRIGGER statement_lines_${event.toLowerCase()}_renews_version AFTER ${event} ON statements.statement_lines
          REFERENCING ${table} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION statements.renew_landlord_line_versions()`);
    }
    // Lines already there get their first version.
    await queryRunner.query(`
      INSERT INTO statements.landlord_line_versions (landlord_user_id, version)
      SELECT landlord_user_id, gen_random_uuid() FROM (SELECT DISTINCT landlord_user_id FROM statements.statement_lines) AS landlords`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await queryRunner.query(`DROP TRIGGER statement_lines_${event}_renews_version ON statements.statement_lines`);
    }
    await queryRunner.query(`DROP FUNCTION statements.renew_landlord_line_versions()`);
    await queryRunner.query(`DROP TABLE statements.landlord_line_versions`);
  }
}
