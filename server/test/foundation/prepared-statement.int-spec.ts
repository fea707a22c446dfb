import type { Pool } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { preparedStatement, runPrepared } from '../../src/infrastructure/database/prepared-statement';
import { startTestApp, TestApp } from '../support/test-app';

const BACKEND = preparedStatement<{ pid: number }, []>('test.backend-pid', 'SELECT pg_backend_pid() AS pid');
const DIVIDE = preparedStatement<{ quotient: number }, [dividend: number, divisor: number]>(
  'test.divide',
  'SELECT $1::int / $2::int AS quotient',
);

/** Hand-checked statements on the pool or a transaction's connection, answered and let go either way. */
describe('runPrepared', () => {
  let testApp: TestApp;
  let pool: Pool;

  beforeAll(async () => {
    testApp = await startTestApp();
    pool = (testApp.dataSource.driver as PostgresDriver).master as Pool;
  });
  afterAll(() => testApp.close());

  it('answers rows on the pool and gives its connection back after an answer and after a failure', async () => {
    // Twice as many failures as the pool has connections: one kept by a failure would leave the last ones waiting for ever.
    const failures = Array.from({ length: 2 * pool.options.max }, () => runPrepared(testApp.dataSource.manager, DIVIDE, [1, 0]));
    for (const failure of await Promise.allSettled(failures)) expect(failure).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    const answers = await Promise.all(Array.from({ length: 2 * pool.options.max }, (_, index) => runPrepared(testApp.dataSource.manager, DIVIDE, [index * 3, 3])));
    expect(answers.map(([row]) => row.quotient)).toEqual(Array.from({ length: 2 * pool.options.max }, (_, index) => index));
  });

  it("fails with PostgreSQL's error, and a stack that leads back to the caller, in a transaction too", async () => {
    const onPool = await runPrepared(testApp.dataSource.manager, DIVIDE, [1, 0]).catch((error: unknown) => error);
    const inTransaction = await testApp.dataSource
      .transaction((manager) => runPrepared(manager, DIVIDE, [1, 0]))
      .catch((error: unknown) => error);
    for (const failure of [onPool, inTransaction]) {
      expect(failure).toMatchObject({ code: '22012', message: 'division by zero' });
      expect((failure as Error).stack).toContain('prepared-statement.int-spec.ts');
    }
  });

  it("runs on a transaction's own connection, and fails it without losing the connection", async () => {
    await testApp.dataSource.transaction(async (manager) => {
      const [{ pid }] = await manager.query<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
      expect(await runPrepared(manager, BACKEND, [])).toEqual([{ pid }]);
    });
    await expect(testApp.dataSource.transaction((manager) => runPrepared(manager, DIVIDE, [1, 0]))).rejects.toMatchObject({ code: '22012' });
    expect(await runPrepared(testApp.dataSource.manager, DIVIDE, [6, 3])).toEqual([{ quotient: 2 }]);
  });
});
