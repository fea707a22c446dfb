import type { EntityManager } from 'typeorm';
import { preparedStatement, runPrepared } from './prepared-statement';

/** Any text names a lock: its 64-bit hash is the advisory lock's key. */
const LOCK_UNTIL_COMMIT = preparedStatement<Record<string, never>, [key: string]>(
  'database.lock-until-commit',
  `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`,
);

/**
 * Waits for, then holds until the transaction on `manager` ends, the lock named `key`
 * ('charge:acct_1/ch_1', 'payout:acct_1/po_1'): work on one thing, one transaction at a time, in any
 * process. Only inside a transaction: outside one PostgreSQL would let the lock go at once.
 */
export async function lockUntilCommit(manager: EntityManager, key: string): Promise<void> {
  if (!manager.queryRunner?.isTransactionActive) throw new Error(`lockUntilCommit('${key}') outside a transaction`);
  await runPrepared(manager, LOCK_UNTIL_COMMIT, [key]);
}
