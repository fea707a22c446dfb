import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/database/data-source-options';
import { runMigrations } from '../../src/infrastructure/database/run-migrations';
import { migrations } from '../../src/migrations';
import { createThrowawayDatabase, dropDatabase } from '../support/throwaway-database';

describe('migrations', () => {
  let url: string;

  beforeAll(async () => {
    url = await createThrowawayDatabase(process.env.RENTWISE_BASE_DATABASE_URL!, 'rentwise_migrations');
  });

  afterAll(async () => {
    await dropDatabase(url);
  });

  it('create the whole schema in an empty database, then find nothing left to do', async () => {
    const applied = await runMigrations(url);
    expect(applied).toEqual(migrations.map((migration) => migration.name));
    expect(await runMigrations(url)).toEqual([]);

    const client = new Client({ connectionString: url });
    await client.connect();
    const schemas = await client.query<{ nspname: string }>('SELECT nspname FROM pg_namespace');
    const tables = await client.query<{ table: string }>(
      "SELECT table_schema || '.' || table_name AS table FROM information_schema.tables WHERE table_schema = 'infra'",
    );
    await client.end();
    expect(schemas.rows.map((row) => row.nspname)).toEqual(
      expect.arrayContaining(['accounts', 'onboarding', 'properties', 'tenants', 'payments', 'statements', 'infra']),
    );
    expect(tables.rows.map((row) => row.table)).toContain('infra.outbox');
  });

  it('can all be reverted, leaving no module schema behind', async () => {
    const dataSource = new DataSource(dataSourceOptions(url));
    await dataSource.initialize();
    for (let step = 0; step < migrations.length; step++) await dataSource.undoLastMigration();
    const remaining = await dataSource.query(
      "SELECT nspname FROM pg_namespace WHERE nspname IN ('accounts','payments','infra')",
    );
    await dataSource.destroy();
    expect(remaining).toEqual([]);
  });
});
