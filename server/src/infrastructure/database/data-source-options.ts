import { parse } from 'pg-connection-string';
import { DataSourceOptions } from 'typeorm';
import { migrations } from '../../migrations';

/** Connections a process's pool may open for its requests and for the jobs that run one at a time. */
export const DEFAULT_POOL_SIZE = 20;

/**
 * One definition for the Nest app, the worker and the migration CLI. The URL is read by pg's own
 * parser, not TypeORM's: TypeORM's keeps neither a Unix socket host (`%2Frun%2Fpostgresql` or
 * `?host=/run/postgresql`) nor query parameters, and the local stack connects over the socket
 * (decision 0023).
 */
export function dataSourceOptions(databaseUrl: string, poolSize = DEFAULT_POOL_SIZE): DataSourceOptions {
  const { host, port, user, password, database } = parse(databaseUrl);
  return {
    type: 'postgres',
    host: host ?? undefined,
    port: port ? Number(port) : undefined,
    username: user,
    password,
    database: database ?? undefined,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { max: poolSize },
  };
}
