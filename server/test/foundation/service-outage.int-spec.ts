import type Redis from 'ioredis';
import { REDIS } from '../../src/infrastructure/queue/queue.module';
import { createActiveUser } from '../support/accounts';
import { TcpProxy } from '../support/tcp-proxy';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/** Requests while PostgreSQL or Redis is unreachable: a quick 503 with a clear body, never a hang or a 500. */
describe('when a service the API depends on is down', () => {
  let testApp: TestApp;
  let database: TcpProxy;
  let redis: TcpProxy;

  beforeAll(async () => {
    const databaseProxy = await TcpProxy.inFrontOf(process.env.DATABASE_URL!);
    const redisProxy = await TcpProxy.inFrontOf(process.env.REDIS_URL!);
    database = databaseProxy.proxy;
    redis = redisProxy.proxy;
    testApp = await startTestApp({ DATABASE_URL: databaseProxy.url, REDIS_URL: redisProxy.url });
  });

  afterAll(async () => {
    await Promise.all([database.up().catch(() => undefined), redis.up().catch(() => undefined)]);
    await testApp.close();
    await Promise.all([database.down(), redis.down()]);
  });

  async function timed(request: Parameters<TestApp['request']>[0]) {
    const started = Date.now();
    const response = await testApp.request(request);
    return { response, elapsedMs: Date.now() - started };
  }

  it('answers health with 200 while both are up', async () => {
    const response = await testApp.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });

  it('says Redis is down with a 503 within two seconds, and sign-in answers 503 as fast', async () => {
    const user = await createActiveUser(testApp);
    await redis.down();
    try {
      const health = await timed({ method: 'GET', url: '/api/health' });
      expect(health.response.statusCode).toBe(503);
      expect(health.elapsedMs).toBeLessThan(2000);
      expect(health.response.json()).toMatchObject({
        status: 'error',
        error: expect.stringContaining('redis'),
        details: { redis: { status: 'down' }, database: { status: 'up' } },
      });

      const signIn = await timed({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: user.email, password: user.password },
      });
      expect(signIn.response.statusCode).toBe(503);
      expect(signIn.elapsedMs).toBeLessThan(2000);
      expect(signIn.response.json()).toEqual({ status: 'error', error: expect.stringMatching(/try again/i) });
    } finally {
      await redis.up();
    }
    await waitFor(
      async () => (await testApp.request({ method: 'GET', url: '/api/health' })).statusCode === 200,
      { timeoutMs: 10000, what: 'health to recover after Redis is back' },
    );
  });

  it('logs the shared Redis client\'s connection errors rather than leaving them to ioredis\' stderr', () => {
    // Without an error listener ioredis prints "[ioredis] Unhandled error event" for each reconnect attempt.
    expect(testApp.app.get<Redis>(REDIS).listenerCount('error')).toBeGreaterThan(0);
  });

  it('says PostgreSQL is down with a 503 (not a 500), and recovers when it is back', async () => {
    await database.down();
    try {
      const health = await timed({ method: 'GET', url: '/api/health' });
      expect(health.response.statusCode).toBe(503);
      expect(health.elapsedMs).toBeLessThan(2000);
      expect(health.response.json()).toMatchObject({
        status: 'error',
        error: expect.stringContaining('database'),
        details: { database: { status: 'down' }, redis: { status: 'up' } },
      });

      const signIn = await timed({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'nobody@example.com', password: 'whatever-password' },
      });
      expect(signIn.response.statusCode).toBe(503);
      expect(signIn.response.json()).toEqual({ status: 'error', error: expect.stringMatching(/try again/i) });
    } finally {
      await database.up();
    }
    await waitFor(
      async () => (await testApp.request({ method: 'GET', url: '/api/health' })).statusCode === 200,
      { timeoutMs: 10000, what: 'health to recover after PostgreSQL is back' },
    );
  });
});
