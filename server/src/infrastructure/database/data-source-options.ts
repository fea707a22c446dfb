import { DataSourceOptions } from 'typeorm';
import { migrations } from '../../migrations';

/** One definition for the Nest app, the worker and the migration CLI. */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { max: 20 },
  };
}
