import { CommandBus } from '@nestjs/cqrs';
import Redis from 'ioredis';
import { MESSAGES } from '@rentwise/libs/messages';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { REDIS } from '../../src/infrastructure/queue/queue.module';
import { IssuePasswordLink } from '../../src/modules/accounts/contracts/issue-password-link.command';
import { ONE_TIME_TOKEN_LIFETIME_MS } from '../../src/modules/accounts/one-time-tokens/one-time-tokens';
import { MAX_RESET_REQUESTS_PER_EMAIL } from '../../src/modules/accounts/password-reset/reset-request-limit';
import { createActiveUser, latestEmailTo, linkIn, mailboxMark, passwordLinkParams, signIn } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const NEW_PASSWORD = 'a-brand-new-password';

describe('forgot and reset password', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2026-05-04T15:00:00Z'));

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  const requestReset = (email: string, remoteAddress = '10.2.0.1') =>
    testApp.request({ method: 'POST', url: '/api/account/send-password-reset', payload: { email }, remoteAddress });
  const reset = (payload: Record<string, unknown>) =>
    testApp.request({ method: 'POST', url: '/api/account/reset-password', payload });
  const login = (email: string, password: string) =>
    testApp.request({ method: 'POST', url: '/api/account/login', payload: { email, password }, remoteAddress: '10.2.9.9' });

  async function resetLinkFor(email: string): Promise<{ email: string; token: string }> {
    const after = mailboxMark(testApp);
    expect((await requestReset(email)).statusCode).toBe(200);
    const message = await latestEmailTo(testApp, email, { after });
    return passwordLinkParams(linkIn(message, '/account/reset-password'));
  }

  it('emails an active account a reset link, and the link sets a new password', async () => {
    const user = await createActiveUser(testApp, { firstName: 'Rhea' });
    const response = await requestReset(user.email.toUpperCase());
    expect(response.json()).toEqual({ status: 'success' });

    const message = await latestEmailTo(testApp, user.email);
    expect(message.subject).toBe('Reset your Rentwise password');
    expect(message.text).toContain('Hi Rhea');
    expect(message.html).toContain('/account/reset-password?email=');
    const link = passwordLinkParams(linkIn(message, '/account/reset-password'));
    expect(link.email).toBe(user.email);

    const done = await reset({ ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });

  it('answers the same for an email with no account, and sends nothing', async () => {
    const response = await requestReset('nobody-here@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    // An email that is sent shows up within a moment; give the relay the same moment to be sure none is.
    const user = await createActiveUser(testApp);
    await requestReset(user.email);
    await latestEmailTo(testApp, user.email);
    expect(testApp.mailbox.list().some((email) => email.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it('ends every session of the account when the password is reset', async () => {
    const user = await createActiveUser(testApp);
    const elsewhere = await signIn(testApp, user);
    const link = await resetLinkFor(user.email);

    await reset({ ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    const validate = await testApp.request({ method: 'GET', url: '/api/account/validate', headers: { cookie: elsewhere.cookie } });
    expect(validate.json()).toMatchObject({ isValid: false });
  });

  it('never changes a password with an email alone, a wrong token, or a token for another account', async () => {
    const user = await createActiveUser(testApp);
    const other = await createActiveUser(testApp);
    const otherLink = await resetLinkFor(other.email);
    const attempts = [
      { email: user.email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { email: user.email, token: 'x'.repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { email: user.email, token: otherLink.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ];
    for (const payload of attempts) {
      const response = await reset(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.linkInvalid });
    }
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('accepts a reset link once only', async () => {
    const user = await createActiveUser(testApp);
    const link = await resetLinkFor(user.email);
    expect((await reset({ ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(200);

    const again = await reset({ ...link, password: 'yet-another-password', confirmPassword: 'yet-another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(MESSAGES.linkInvalid);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts a reset link until just before it expires, and not after', async () => {
    const user = await createActiveUser(testApp);
    const fresh = await resetLinkFor(user.email);
    clock.advanceMs(ONE_TIME_TOKEN_LIFETIME_MS.password_reset - 1000);
    expect((await reset({ ...fresh, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(200);

    const stale = await resetLinkFor(user.email);
    clock.advanceMs(ONE_TIME_TOKEN_LIFETIME_MS.password_reset);
    const response = await reset({ ...stale, password: 'too-late-password', confirmPassword: 'too-late-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.linkInvalid);
  });

  it('refuses an activation token in a reset', async () => {
    const user = await createActiveUser(testApp);
    const { url } = await testApp.app.get(CommandBus).execute(new IssuePasswordLink(user.userId, 'activation'));
    const response = await reset({ ...passwordLinkParams(url), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.linkInvalid);
  });

  it('makes an earlier reset link stop working when a newer one is sent', async () => {
    const user = await createActiveUser(testApp);
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    expect((await reset({ ...first, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await reset({ ...second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it.each([
    ['a password shorter than 8 characters', 'short', 'short', MESSAGES.passwordTooShort],
    ['passwords that do not match', 'long-enough-one', 'long-enough-two', MESSAGES.passwordsDoNotMatch],
    ['one of the most common passwords', 'password123', 'password123', MESSAGES.passwordTooCommon],
  ])('refuses %s with the spec message, keeping the link usable', async (_case, password, confirmPassword, message) => {
    const user = await createActiveUser(testApp);
    const link = await resetLinkFor(user.email);
    const response = await reset({ ...link, password, confirmPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', error: message });
    expect((await reset({ ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('sends no reset link to an account that cannot sign in', async () => {
    await testApp.dataSource.query(`INSERT INTO accounts.users (type, status, first_name, last_name, email, phone)
      VALUES ('landlord', 'pending', 'Pat', 'Pending', 'pending-reset@example.com', '(555) 555-0101')`);
    expect((await requestReset('pending-reset@example.com')).json()).toEqual({ status: 'success' });
    const user = await createActiveUser(testApp);
    await requestReset(user.email);
    await latestEmailTo(testApp, user.email);
    expect(testApp.mailbox.list().some((email) => email.to.includes('pending-reset@example.com'))).toBe(false);
  });

  it('limits how many reset emails one address can be sent', async () => {
    const user = await createActiveUser(testApp);
    for (let request = 0; request < MAX_RESET_REQUESTS_PER_EMAIL; request++) {
      expect((await requestReset(user.email, `10.3.0.${request}`)).statusCode).toBe(200);
    }
    const limited = await requestReset(user.email, '10.3.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 'error', error: MESSAGES.tooManyAttempts });
    // The same for an email with no account: the limit tells nothing about who is a customer.
    for (let request = 0; request < MAX_RESET_REQUESTS_PER_EMAIL; request++) await requestReset('ghost@example.com', `10.3.2.${request}`);
    expect((await requestReset('ghost@example.com', '10.3.3.1')).statusCode).toBe(429);
    await testApp.app.get<Redis>(REDIS).del(`${testApp.config.env.QUEUE_PREFIX}:reset-requests:email:${user.email}`);
  });

  it('refuses a malformed email with the spec message', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', error: MESSAGES.emailInvalid });
  });
});
