import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A property's lines all belong to its landlord, which the planner cannot know from per-column
 * statistics: it took "property and landlord" to match one line in 300,000 and found a yearly
 * statement's first-month probes by sorting each property's lines (10 ms for 100 properties) instead of
 * reading one entry of statement_lines_property_month_idx each (3 ms). The dependency tells it.
 */
export class StatementLineStatistics1734600000000 implements MigrationInterface {
  name = 'StatementLineStatistics1734600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE STATISTICS statements.statement_lines_property_landlord (dependencies)
        ON property_id, landlord_user_id FROM statements.statement_lines`);
    await queryRunner.query(`ANALYZE statements.statement_lines`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP STATISTICS statements.statement_lines_property_landlord`);
  }
}
