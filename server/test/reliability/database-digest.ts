import type { DataSource } from 'typeorm';

/**
 * Tables that change on a refused request by design: sessions are touched on every request (last
 * seen), and attempt counters count refused attempts too. Everything else must stay as it was.
 */
const CHANGES_ON_REFUSAL = new Set(['accounts.sessions', 'accounts.sign_in_attempts', 'accounts.sign_in_failures']);

const MODULE_SCHEMAS = ['accounts', 'onboarding', 'properties', 'tenants', 'payments', 'statements', 'infra'];

export type DatabaseDigest = Record<string, string>;

/**
 * Row count and an md5 of the sorted rows of every table of the module schemas, in one query:
 * two digests differ exactly when some table's content differs.
 */
export class DatabaseDigests {
  private query?: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly excluded: ReadonlySet<string> = CHANGES_ON_REFUSAL,
  ) {}

  async take(): Promise<DatabaseDigest> {
    this.query ??= await this.buildQuery();
    const rows: { name: string; digest: string }[] = await this.dataSource.query(this.query);
    return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
  }

  /** The tables whose digest differs, with both digests, for a failure message. */
  static differences(before: DatabaseDigest, after: DatabaseDigest): string[] {
    return Object.keys({ ...before, ...after })
      .filter((table) => before[table] !== after[table])
      .map((table) => `${table}: ${before[table]} -> ${after[table]}`);
  }

  private async buildQuery(): Promise<string> {
    const tables: { schema: string; name: string }[] = await this.dataSource.query(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1) ORDER BY 1, 2`,
      [MODULE_SCHEMAS],
    );
    const watched = tables.filter((table) => !this.excluded.has(`${table.schema}.${table.name}`));
    if (watched.length < 10) throw new Error(`Only ${watched.length} tables to watch: is the schema list out of date?`);
    return watched
      .map(
        ({ schema, name }) =>
          `SELECT '${schema}.${name}' AS name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') AS digest FROM "${schema}"."${name}" t`,
      )
      .join(' UNION ALL ');
  }
}
