import { CommandBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { IssuePasswordLink } from '../../src/modules/accounts/contracts/issue-password-link.command';
import { ONE_TIME_TOKEN_LIFETIME_MS } from '../../src/modules/accounts/one-time-tokens/one-time-tokens';
import { createActiveUser, createInvitedUser, passwordLinkParams } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'my-first-password';

describe('creating the first password from an activation link', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2026-05-04T15:00:00Z'));

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  const checkActivated = (payload: Record<string, unknown>) =>
    testApp.request({ method: 'POST', url: '/api/account/check-activated', payload });
  const setPassword = (payload: Record<string, unknown>) =>
    testApp.request({ method: 'POST', url: '/api/account/set-password', payload });
  const login = (email: string, password: string) =>
    testApp.request({ method: 'POST', url: '/api/account/login', payload: { email, password }, remoteAddress: '10.4.0.1' });

  it('activates the account of the link: it can sign in', async () => {
    const invited = await createInvitedUser(testApp, { type: 'tenant' });
    const link = passwordLinkParams(invited.activationUrl);
    expect(new URL(invited.activationUrl).pathname).toBe('/account/create-password');

    expect((await checkActivated(link)).json()).toEqual({ status: 'success', activated: false, linkValid: true });
    const response = await setPassword({ ...link, password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });

    expect((await login(invited.email, PASSWORD)).json()).toMatchObject({ user: { userId: invited.userId, type: 'tenant' } });
    const [row] = await testApp.dataSource.query(`SELECT status, activated_at FROM accounts.users WHERE id = $1`, [invited.userId]);
    expect(row).toEqual({ status: 'active', activated_at: clock.now() });
  });

  it('says Already Activated for the link of an active account, and refuses a second password with the spec message', async () => {
    const invited = await createInvitedUser(testApp);
    const link = passwordLinkParams(invited.activationUrl);
    await setPassword({ ...link, password: PASSWORD, confirmPassword: PASSWORD });

    expect((await checkActivated(link)).json()).toEqual({ status: 'success', activated: true, linkValid: false });
    const again = await setPassword({ ...link, password: 'a-different-password', confirmPassword: 'a-different-password' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'error', error: MESSAGES.passwordAlreadyCreated });
    expect((await login(invited.email, PASSWORD)).statusCode).toBe(200);
  });

  it('tells nothing about an email without that account\'s link', async () => {
    const active = await createActiveUser(testApp);
    const stranger = await createInvitedUser(testApp);
    const foreignToken = passwordLinkParams(stranger.activationUrl).token;

    for (const email of [active.email, 'nobody@example.com']) {
      expect((await checkActivated({ email, token: foreignToken })).json()).toEqual({
        status: 'success',
        activated: false,
        linkValid: false,
      });
      const response = await setPassword({ email, token: foreignToken, password: PASSWORD, confirmPassword: PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.activationLinkInvalid });
    }
    expect((await login(active.email, active.password)).statusCode).toBe(200);
  });

  it('accepts an activation link until just before it expires, and not after', async () => {
    const early = await createInvitedUser(testApp);
    const late = await createInvitedUser(testApp);
    clock.advanceMs(ONE_TIME_TOKEN_LIFETIME_MS.activation - 1000);
    const inTime = passwordLinkParams(early.activationUrl);
    expect((await setPassword({ ...inTime, password: PASSWORD, confirmPassword: PASSWORD })).statusCode).toBe(200);

    clock.advanceMs(1000);
    const expired = passwordLinkParams(late.activationUrl);
    expect((await checkActivated(expired)).json()).toMatchObject({ activated: false, linkValid: false });
    const response = await setPassword({ ...expired, password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.activationLinkInvalid);
  });

  it('refuses a reset token where an activation token is needed', async () => {
    const invited = await createInvitedUser(testApp);
    const { url } = await testApp.app.get(CommandBus).execute(new IssuePasswordLink(invited.userId, 'password_reset'));
    const response = await setPassword({ ...passwordLinkParams(url), password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.activationLinkInvalid);
  });

  it('does not activate a landlord still awaiting review, or a rejected one', async () => {
    for (const status of ['pending', 'rejected']) {
      const invited = await createInvitedUser(testApp, { type: 'landlord' });
      await testApp.dataSource.query(`UPDATE accounts.users SET status = $1 WHERE id = $2`, [status, invited.userId]);
      const link = passwordLinkParams(invited.activationUrl);
      expect((await checkActivated(link)).json()).toMatchObject({ activated: false, linkValid: false });
      const response = await setPassword({ ...link, password: PASSWORD, confirmPassword: PASSWORD });
      expect(response.statusCode).toBe(400);
      expect((await login(invited.email, PASSWORD)).statusCode).toBe(401);
    }
  });

  it.each([
    ['shorter than 8 characters', 'seven77', 'seven77', MESSAGES.passwordTooShort],
    ['not matching its confirmation', 'long-enough-one', 'long-enough-two', MESSAGES.passwordsDoNotMatch],
    ['among the most common', 'iloveyou', 'iloveyou', MESSAGES.passwordTooCommon],
  ])('refuses a password %s with the spec message, and the link still works', async (_case, password, confirmPassword, message) => {
    const invited = await createInvitedUser(testApp);
    const link = passwordLinkParams(invited.activationUrl);
    const response = await setPassword({ ...link, password, confirmPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', error: message });
    expect((await setPassword({ ...link, password: PASSWORD, confirmPassword: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a link without a token as invalid', async () => {
    const response = await checkActivated({ email: 'someone@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.linkInvalid);
  });
});
