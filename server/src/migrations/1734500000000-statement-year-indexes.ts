import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the yearly statement (issue 16), found on the bench landlord with 100 properties and
 * ten years of lines (12,000):
 * - each property's last line by time: the statement read every line of the landlord and sorted them
 *   per property (9 ms); now one backward index-only probe a property (3 ms for all 100);
 * - the lines paid in the year's window, by landlord and time: together with the billing-year index
 *   the year's lines are two index reads (3.4 ms) instead of every line of the landlord filtered (8.2 ms).
 */
export class StatementYearIndexes1734500000000 implements MigrationInterface {
  name = 'StatementYearIndexes1734500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX statement_lines_property_occurred_idx ON statements.statement_lines (property_id, occurred_at, journal_id)
        INCLUDE (billing_year, billing_month, landlord_user_id)`);
    await queryRunner.query(`CREATE INDEX statement_lines_landlord_occurred_idx ON statements.statement_lines (landlord_user_id, occurred_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX statements.statement_lines_landlord_occurred_idx`);
    await queryRunner.query(`DROP INDEX statements.statement_lines_property_occurred_idx`);
  }
}
