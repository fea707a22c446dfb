import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/** Brings the schema up to date. Migrations are the only way the schema changes. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
