import { randomUUID } from 'node:crypto';
import { lockUntilCommit } from '../../src/infrastructure/database/transaction-lock';
import { startTestApp, TestApp } from '../support/test-app';

/** Named advisory locks: one transaction at a time per name, let go at its end. */
describe('lockUntilCommit', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const waitingLocks = async () =>
    Number((await testApp.dataSource.query(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`))[0].n);

  it('makes a second transaction on the same name wait for the first to end; another name does not wait', async () => {
    const name = `test-lock:${randomUUID()}`;
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => {
      void testApp.dataSource.transaction(async (manager) => {
        await lockUntilCommit(manager, name);
        order.push('first locked');
        await new Promise<void>((release) => {
          releaseFirst = release;
          resolve();
        });
        order.push('first ends');
      });
    });
    await firstHolds;
    await testApp.dataSource.transaction((manager) => lockUntilCommit(manager, `test-lock:${randomUUID()}`));
    const second = testApp.dataSource.transaction(async (manager) => {
      await lockUntilCommit(manager, name);
      order.push('second locked');
    });
    // Seen waiting by PostgreSQL, not by a timer.
    while ((await waitingLocks()) === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['first locked']);
    releaseFirst();
    await second;
    expect(order).toEqual(['first locked', 'first ends', 'second locked']);
  });

  it('refuses to run outside a transaction, where the lock would be let go at once', async () => {
    await expect(lockUntilCommit(testApp.dataSource.manager, 'test-lock:outside')).rejects.toThrow('outside a transaction');
  });
});
