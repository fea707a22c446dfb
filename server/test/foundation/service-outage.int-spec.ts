import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { REDIS } from '../../src/infrastructure/queue/queue.module';
import { createActiveUser, signedInUser } from '../support/accounts';
import { type ProxyListener, ServiceProxy } from '../support/service-proxy';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

async function timedRequest(testApp: TestApp, request: Parameters<TestApp['request']>[0]) {
  const started = Date.now();
  const response = await testApp.request(request);
  return { response, elapsedMs: Date.now() - started };
}

/** Requests while PostgreSQL or Redis is unreachable: a quick 503 with a clear body, never a hang or a 500. */
describe('when a service the API depends on is down', () => {
  let testApp: TestApp;
  let redis: ServiceProxy;

  beforeAll(async () => {
    const redisProxy = await ServiceProxy.inFrontOf(process.env.REDIS_URL!);
    redis = redisProxy.proxy;
    testApp = await startTestApp({ REDIS_URL: redisProxy.url });
  });

  afterAll(async () => {
    await redis.up().catch(() => undefined);
    await testApp.close();
    await redis.close();
  });

  const timed = (request: Parameters<TestApp['request']>[0]) => timedRequest(testApp, request);

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
});

// The local stack reaches PostgreSQL over its Unix socket (decision 0023): a stopped server there is
// `connect ENOENT` (no socket file), not the `ECONNREFUSED` a TCP URL gets, and both must answer 503.
describe.each<ProxyListener>(['tcp', 'unix-socket'])('when PostgreSQL is down, reached over %s', (listener) => {
  let testApp: TestApp;
  let database: ServiceProxy;

  beforeAll(async () => {
    const databaseProxy = await ServiceProxy.inFrontOf(process.env.DATABASE_URL!, listener);
    database = databaseProxy.proxy;
    testApp = await startTestApp({ DATABASE_URL: databaseProxy.url });
  });

  afterAll(async () => {
    await database.up().catch(() => undefined);
    await testApp.close();
    await database.close();
  });

  const timed = (request: Parameters<TestApp['request']>[0]) => timedRequest(testApp, request);

  it('says PostgreSQL is down with a 503 (not a 500), and recovers when it is back', async () => {
    const tenant = await signedInUser(testApp, { type: 'tenant' });
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

      const payment = await timed({
        method: 'POST',
        url: '/api/tenant/payments',
        headers: tenant.headers,
        payload: { amountCents: 150_000, paymentMethodId: 'pm_card_visa', idempotencyKey: randomUUID() },
      });
      expect(payment.response.statusCode).toBe(503);
      expect(payment.response.json()).toEqual({ status: 'error', error: expect.stringMatching(/try again/i) });

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
