import { MigrationInterface, QueryRunner } from 'typeorm';

export class Properties1732700000000 implements MigrationInterface {
  name = 'Properties1732700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS properties`);
    // landlord_user_id is an Accounts id: a plain column, never a foreign key into another module.
    // Removing a property archives it (archived_at): payments and statements keep pointing at it.
    await queryRunner.query(`
      CREATE TABLE properties.properties (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        landlord_user_id uuid NOT NULL,
        address text NOT NULL,
        line1 text NOT NULL,
        line2 text,
        city text NOT NULL,
        state char(2) NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
        zip char(5) NOT NULL CHECK (zip ~ '^[0-9]{5}$'),
        rent_cents integer NOT NULL CHECK (rent_cents BETWEEN 10000 AND 9999900),
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX properties_landlord_idx ON properties.properties (landlord_user_id, created_at)`,
    );
    // Every rent a property has asked, from when: a month's statement compares payments with the
    // rent of that month, not today's.
    await queryRunner.query(`
      CREATE TABLE properties.rent_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid NOT NULL REFERENCES properties.properties(id),
        rent_cents integer NOT NULL CHECK (rent_cents > 0),
        effective_from timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX rent_history_property_idx ON properties.rent_history (property_id, effective_from)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE properties.rent_history`);
    await queryRunner.query(`DROP TABLE properties.properties`);
  }
}
