import { MigrationInterface, QueryRunner } from 'typeorm';

export class Tenants1732800000000 implements MigrationInterface {
  name = 'Tenants1732800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS tenants`);
    await queryRunner.query(`CREATE TYPE tenants.tenancy_end_reason AS ENUM ('moved', 'removed')`);
    // Who lived where, when. Ids of users and properties belong to other modules: plain columns.
    // Moving ends one tenancy and starts another; removing ends it. Rows are never deleted.
    await queryRunner.query(`
      CREATE TABLE tenants.tenancies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_user_id uuid NOT NULL,
        property_id uuid NOT NULL,
        landlord_user_id uuid NOT NULL,
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        end_reason tenants.tenancy_end_reason,
        CONSTRAINT tenancies_end_has_reason CHECK ((ended_at IS NULL) = (end_reason IS NULL)),
        CONSTRAINT tenancies_end_after_start CHECK (ended_at IS NULL OR ended_at >= started_at)
      )`);
    // A tenant lives in one property at a time.
    await queryRunner.query(
      `CREATE UNIQUE INDEX tenancies_one_current_key ON tenants.tenancies (tenant_user_id) WHERE ended_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX tenancies_current_by_property_idx ON tenants.tenancies (property_id) WHERE ended_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX tenancies_tenant_idx ON tenants.tenancies (tenant_user_id, started_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE tenants.tenancies`);
    await queryRunner.query(`DROP TYPE tenants.tenancy_end_reason`);
  }
}
