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

/** `name` is unique in the process (module.purpose); the text is fixed, values come only as $n. */
export function preparedStatement<Row, Params extends readonly unknown[]>(
  name: string,
  text: string,
): PreparedStatement<Row, Params> {
  return Object.freeze({ name, text: text.replace(/\s+/g, ' ').trim() });
}
