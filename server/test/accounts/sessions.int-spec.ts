import { Algorithm, hash } from '@node-rs/argon2';
import Redis from 'ioredis';
import { MESSAGES } from '@rentwise/libs/messages';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { REDIS } from '../../src/infrastructure/queue/queue.module';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '../../src/modules/accounts/sessions/session-policy';
import { MAX_FAILURES_PER_ACCOUNT, SIGN_IN_WINDOW_SECONDS } from '../../src/modules/accounts/sign-in/sign-in-attempts';
import { createActiveUser, signIn, TEST_PASSWORD } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

describe('sign-in and sessions', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2026-05-04T15:00:00Z'));

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
    testApp.request({ method: 'POST', url: '/api/account/login', payload: { email, password }, remoteAddress });
  const validate = (cookie?: string) =>
    testApp.request({ method: 'GET', url: '/api/account/validate', headers: cookie ? { cookie } : {} });

  it('signs in with email and password, in an HttpOnly SameSite cookie, and records the login time', async () => {
    const user = await createActiveUser(testApp, { type: 'tenant', email: 'Ten.Ant@Example.com' });
    const response = await login('  ten.ant@example.COM ', user.password);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      user: { userId: user.userId, type: 'tenant', email: 'ten.ant@example.com', lastLoginAt: clock.now().toISOString() },
    });
    expect(response.json().user).not.toHaveProperty('passwordHash');
    const session = response.cookies.find((cookie) => cookie.name === 'rw_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.value).toMatch(/^[\w-]{43}$/);
  });

  it('stores only a hash of the session token', async () => {
    const user = await createActiveUser(testApp);
    const { cookie } = await signIn(testApp, user);
    const token = cookie.split(';')[0].split('=')[1];
    const rows = await testApp.dataSource.query(`SELECT token_hash FROM accounts.sessions WHERE user_id = $1`, [user.userId]);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0].token_hash).toString('base64url')).not.toBe(token);
  });

  it('answers every failure with the same message: unknown email, wrong password, account not yet active', async () => {
    const user = await createActiveUser(testApp);
    await testApp.dataSource.query(`INSERT INTO accounts.users (type, status, first_name, last_name, email, phone)
      VALUES ('landlord', 'pending', 'Pat', 'Pending', 'pending@example.com', '(555) 555-0101')`);

    for (const [email, password] of [
      ['nobody@example.com', TEST_PASSWORD],
      [user.email, 'not-the-password'],
      ['pending@example.com', TEST_PASSWORD],
    ]) {
      const response = await login(email, password, '10.0.0.2');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.loginFailed });
    }
  });

  it('validates a live session and says when there is none', async () => {
    const user = await createActiveUser(testApp);
    const { cookie } = await signIn(testApp, user);

    expect((await validate(cookie)).json()).toMatchObject({ isValid: true, user: { userId: user.userId } });
    expect((await validate()).json()).toEqual({ status: 'success', isValid: false, user: null });
    expect((await validate('rw_session=forged-token')).json()).toMatchObject({ isValid: false });
  });

  it('ends the session on the server when signing out, so the old cookie no longer works', async () => {
    const user = await createActiveUser(testApp);
    const { headers, cookie } = await signIn(testApp, user);

    const response = await testApp.request({ method: 'POST', url: '/api/account/logout', headers });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'rw_session')?.value).toBe('');
    expect((await validate(cookie)).json()).toMatchObject({ isValid: false });
  });

  it('ends a session left idle past the idle timeout, and any session at the absolute timeout', async () => {
    const user = await createActiveUser(testApp);
    const idle = await signIn(testApp, user);
    clock.advanceMs(SESSION_IDLE_TIMEOUT_MS - 1000);
    expect((await validate(idle.cookie)).json().isValid).toBe(true);
    clock.advanceMs(SESSION_IDLE_TIMEOUT_MS - 1000);
    expect((await validate(idle.cookie)).json().isValid).toBe(true);
    clock.advanceMs(SESSION_IDLE_TIMEOUT_MS);
    expect((await validate(idle.cookie)).json().isValid).toBe(false);

    const busy = await signIn(testApp, user);
    const step = SESSION_IDLE_TIMEOUT_MS / 2;
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_TIMEOUT_MS - step; elapsed += step) {
      expect((await validate(busy.cookie)).json().isValid).toBe(true);
      clock.advanceMs(step);
    }
    clock.advanceMs(step);
    expect((await validate(busy.cookie)).json().isValid).toBe(false);
  });

  it('cools off an account after repeated failures, without blocking other accounts, and only for a while', async () => {
    const user = await createActiveUser(testApp);
    const other = await createActiveUser(testApp);
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt++) {
      expect((await login(user.email, 'wrong-password', `10.1.0.${attempt}`)).statusCode).toBe(401);
    }

    const blocked = await login(user.email, user.password, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: 'error', error: MESSAGES.tooManyAttempts });
    expect((await login(other.email, other.password, '10.1.0.1')).statusCode).toBe(200);

    const redis = testApp.app.get<Redis>(REDIS);
    const keys = await redis.keys(`${testApp.config.env.QUEUE_PREFIX}:sign-in-failures:account:${user.email}`);
    expect(keys).toHaveLength(1);
    const ttl = await redis.ttl(keys[0]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(SIGN_IN_WINDOW_SECONDS);

    await redis.del(keys[0]); // the window passing
    expect((await login(user.email, user.password, '10.1.1.1')).statusCode).toBe(200);
  });

  it('cools off an address that tries many accounts', async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      await login(`guess-${attempt}@example.com`, 'wrong-password', '10.9.9.9');
    }
    const user = await createActiveUser(testApp);
    expect((await login(user.email, user.password, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('upgrades a password hash made with weaker settings when its owner signs in', async () => {
    const user = await createActiveUser(testApp);
    const weak = await hash(user.password, { algorithm: Algorithm.Argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await testApp.dataSource.query(`UPDATE accounts.users SET password_hash = $1 WHERE id = $2`, [weak, user.userId]);

    expect((await login(user.email, user.password)).statusCode).toBe(200);
    const [row] = await testApp.dataSource.query(`SELECT password_hash FROM accounts.users WHERE id = $1`, [user.userId]);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a malformed sign-in with a clear 400', async () => {
    const response = await testApp.request({ method: 'POST', url: '/api/account/login', payload: { email: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe('error');
  });
});
