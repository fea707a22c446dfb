import { createHash } from 'node:crypto';
import { Query, type Pool, type PoolClient, type QueryResult, type QueryResultRow } from 'pg';
import type { EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * A hand-written, hand-checked SQL statement that runs as a named prepared statement: PostgreSQL
 * parses and plans it once per connection, and nothing builds SQL per call. For the reads behind
 * every page view and the money path's statements run on every payment and provider event; everything
 * else goes through TypeORM. `Params` types the values in $1..$n order.
 */
export interface PreparedStatement<Row, Params extends readonly unknown[]> {
  readonly name: string;
  readonly text: string;
  /** Never set: carries the row and parameter types. */
  readonly types?: { row: Row; params: Params };
}

/** Every statement made in this process, by name: a connection prepares a name once, so two texts under one name are a bug. */
const statementsByName = new Map<string, PreparedStatement<QueryResultRow, readonly unknown[]>>();

/** `name` is unique in the process (module.purpose); the text is fixed, values come only as $n. */
export function preparedStatement<Row, Params extends readonly unknown[]>(
  name: string,
  text: string,
): PreparedStatement<Row, Params> {
  const statement = Object.freeze({ name, text: text.replace(/\s+/g, ' ').trim() });
  const known = statementsByName.get(name);
  if (known && known.text !== statement.text) throw new Error(`Two prepared statements are named ${name}`);
  statementsByName.set(name, statement);
  return statement;
}

/**
 * The statement of this name, once the module that makes it has loaded; undefined before. The bench's
 * pg baseline runs the product's own SQL by it (bench/baselines/pg-server.js), so the two cannot drift.
 */
export function preparedStatementNamed(name: string): PreparedStatement<QueryResultRow, readonly unknown[]> | undefined {
  return statementsByName.get(name);
}

/**
 * pg copies a query given as a config object ({ name, text, values }) property by property on every
 * call, about 4 µs; a query made from its text is not copied, and its name is set before it is sent.
 */
function preparedQuery<Row extends QueryResultRow>(
  statement: PreparedStatement<Row, readonly unknown[]>,
  values: readonly unknown[],
  answered?: (error: Error | undefined, result: QueryResult<Row>) => void,
): Query<Row> {
  const query = new Query<Row>(statement.text, values as unknown[], answered);
  return Object.assign(query, { name: statement.name });
}

/**
 * Rows of a prepared statement on that manager's transaction (outside one, the DataSource's pool):
 * no query runner, no SQL building, no entity mapping.
 */
export async function runPrepared<Row extends QueryResultRow, Params extends readonly unknown[]>(
  manager: EntityManager,
  statement: PreparedStatement<Row, Params>,
  values: Params,
): Promise<Row[]> {
  const runner = manager.queryRunner;
  if (runner) {
    const client = (await runner.connect()) as PoolClient;
    try {
      return await new Promise<Row[]>((resolve, reject) => {
        client.query(preparedQuery(statement, values, (error, result) => (error ? reject(error) : resolve(result.rows))));
      });
    } catch (error) {
      // pg fails the query from its socket's read: this stack leads back to the caller, as pg-pool's promise does.
      if (error instanceof Error) Error.captureStackTrace(error);
      throw error;
    }
  }
  const pool = (manager.connection.driver as PostgresDriver).master as Pool;
  // Given a query without a callback, pg-pool answers with a promise and releases its client when the query ends.
  const answer = pool.query(preparedQuery(statement, values)) as unknown as Promise<QueryResult<Row>>;
  return (await answer).rows;
}

/**
 * Statements put together at run time from a few fixed shapes (an outbox write's VALUES rows, one per
 * job) are prepared too, each shape under a name made from its text. Parsed and planned on every
 * call, a card payment's mark with its jobs cost the backend 500 µs of CPU on the bench machine;
 * prepared, 300 µs. A payment and a provider event each run several such statements.
 */
const composedStatements = new Map<string, PreparedStatement<never, never>>();
/** Shapes are few; past this many something composes text per call, and it runs unnamed (never prepared on every connection). */
export const COMPOSED_STATEMENTS_KEPT = 256;

export function composedStatement<Row, Params extends readonly unknown[]>(text: string): PreparedStatement<Row, Params> {
  let statement = composedStatements.get(text);
  if (!statement) {
    if (composedStatements.size >= COMPOSED_STATEMENTS_KEPT) return Object.freeze({ name: '', text });
    statement = Object.freeze({ name: `composed.${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text });
    composedStatements.set(text, statement);
  }
  return statement as PreparedStatement<Row, Params>;
}
