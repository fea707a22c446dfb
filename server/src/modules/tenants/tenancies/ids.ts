const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: anything that is not a UUID names nothing (404, not a database error). */
export function isId(value: string): boolean {
  return UUID.test(value);
}
