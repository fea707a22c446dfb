/** Error codes of a PostgreSQL or Redis that cannot be reached (socket errors, PostgreSQL class 08 and 57P0x). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/** What ioredis (fail-fast options) and pg say when the server is gone or does not answer. */
const CONNECTION_MESSAGES =
  /Stream isn't writeable|Connection is closed|Command timed out|max retries per request|Connection terminated|timeout exceeded when trying to connect|Connection refused|encountered a connection error and is not queryable/i;

/**
 * Whether an error means a service we depend on (PostgreSQL, Redis) is unreachable rather than
 * that our code is wrong: such requests answer 503 ('try again'), not 500.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  let current: unknown = error;
  // Duck-typed, not instanceof Error: socket errors may come from another realm (as under Jest).
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, syscall, name, message, driverError, cause } = current as Record<string, unknown>;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    // A Unix socket whose server stopped has no file to connect to (the local stack's PostgreSQL,
    // decision 0023). Only on connect: ENOENT elsewhere (a missing upload) is our own problem.
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    current = driverError ?? cause;
  }
  return false;
}
