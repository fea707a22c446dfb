import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { decodeEmailParam } from '@rentwise/libs/base64-email';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { GetPayoutAccount } from '../../src/modules/onboarding/contracts/get-payout-account.query';
import { SyncPayoutAccount } from '../../src/modules/onboarding/contracts/sync-payout-account.command';
import { PAYOUT_BINDING_COOKIE } from '../../src/modules/onboarding/http/payout-binding-cookie';
import { PAYOUT_STATE_LIFETIME_SECONDS } from '../../src/modules/onboarding/payout-state/payout-state';
import { STEP_ONE_TOKEN_LIFETIME_MS } from '../../src/modules/onboarding/registrations/step-one-tokens';
import { signedInUser, signIn } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { FORM, formBody, formFieldsOf } from '../payment-gateway/sandbox-pages';
import { approvedLandlord, cookieFrom, pathOf, signedInOperator } from './onboarding-support';

const PUBLIC_URL = 'http://rentwise.test';
const ERROR_PAGE = `${PUBLIC_URL}/landlord/stripe-account/error`;
const LINK_ERROR_PAGE = `${ERROR_PAGE}?reason=link`;

type Landlord = Awaited<ReturnType<typeof approvedLandlord>>;

describe('step 1: connecting the payout account (sandbox gateway)', () => {
  let testApp: TestApp;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    testApp = await startTestApp({ PUBLIC_URL, SUPPORT_EMAIL: 'help@rentwise.test' }, { clock });
  });
  // Tests move the clock past session timeouts: a fresh operator session each time.
  beforeEach(async () => {
    operator = await signedInOperator(testApp);
  });
  afterAll(() => testApp.close());

  const get = (url: string, cookie?: string) =>
    testApp.request({ method: 'GET', url: url.startsWith('http') ? pathOf(url) : url, headers: cookie ? { cookie } : {} });

  const confirm = (payload: object, cookie?: string) =>
    testApp.request({ method: 'POST', url: '/api/onboarding/payout-account/confirm', payload, headers: cookie ? { cookie } : {} });

  const registrationRow = async (registrationId: string) =>
    (await testApp.dataSource.query(`SELECT * FROM onboarding.registrations WHERE id = $1`, [registrationId]))[0];

  /** Opens the step-1 link as a browser: the redirect, and the cookie it set. */
  const openStepOne = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode).toBe(303);
    expect(response.headers['cache-control']).toBe('no-store');
    return { location: String(response.headers.location), cookie: cookieFrom(response, PAYOUT_BINDING_COOKIE), response };
  };

  /** On the sandbox's hosted page, presses Continue (or "Return without finishing"): where it sends the browser. */
  const finishSandboxOnboarding = async (onboardingUrl: string, decision: 'complete' | 'later' = 'complete') => {
    const page = await get(onboardingUrl);
    expect(page.statusCode).toBe(200);
    const response = await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/onboard',
      headers: FORM,
      payload: formBody({ ...formFieldsOf(page.body), decision }),
    });
    expect(response.statusCode).toBe(303);
    return new URL(String(response.headers.location));
  };

  const authorizeOnSandbox = async (authorizeUrl: string, decision: 'allow' | 'deny' = 'allow') => {
    const page = await get(authorizeUrl);
    expect(page.statusCode).toBe(200);
    const response = await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/oauth/authorize',
      headers: FORM,
      payload: formBody({ ...formFieldsOf(page.body), decision }),
    });
    expect(response.statusCode).toBe(303);
    return new URL(String(response.headers.location));
  };

  /** Step 1 all the way: the link, the sandbox's onboarding, the return page's call. */
  const connectPayoutAccount = async (landlord: Landlord) => {
    const { location, cookie } = await openStepOne(landlord.links.stepOne);
    const back = await finishSandboxOnboarding(location);
    const response = await confirm({ state: back.searchParams.get('state') }, cookie);
    expect(response.statusCode).toBe(200);
    return { cookie, state: back.searchParams.get('state')! };
  };

  describe('with an account opened for the landlord (Account Link)', () => {
    it('opens one payout account and sends the landlord to the provider’s hosted onboarding', async () => {
      const landlord = await approvedLandlord(testApp, operator);

      const first = await openStepOne(landlord.links.stepOne);
      expect(first.location).toMatch(new RegExp(`^${PUBLIC_URL}/api/sandbox/connect/onboard\\?`));
      const onboarding = new URL(first.location);
      const accountId = onboarding.searchParams.get('account')!;
      expect(accountId).toMatch(/^acct_/);
      const returnUrl = new URL(onboarding.searchParams.get('return_url')!);
      expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe(`${PUBLIC_URL}/landlord/oAuth`);
      expect(returnUrl.searchParams.get('code')).toBeNull();
      const state = returnUrl.searchParams.get('state')!;
      expect(Buffer.from(state, 'base64url').toString()).toMatch(new RegExp(`^state_${landlord.registrationId}\\.`));
      expect(onboarding.searchParams.get('refresh_url')).toBe(
        `${PUBLIC_URL}/api/onboarding/payout-account/refresh?state=${state}`,
      );
      expect(first.response.cookies.find((cookie) => cookie.name === PAYOUT_BINDING_COOKIE)).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api/onboarding/payout-account',
      });
      expect(await registrationRow(landlord.registrationId)).toMatchObject({
        payout_account_id: accountId,
        payout_status: 'pending',
        payout_connected_at: null,
      });

      // Opening the link again (a double click, a second try) reuses the same account.
      const second = await openStepOne(landlord.links.stepOne);
      expect(new URL(second.location).searchParams.get('account')).toBe(accountId);
      const sandbox = testApp.app.get(SandboxAccounts);
      expect((await sandbox.find(accountId))?.email).toBe(landlord.email);
    });

    it('confirms the account when the landlord comes back to /landlord/oAuth, then the step-1 link is used up', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      const { location, cookie } = await openStepOne(landlord.links.stepOne);
      const accountId = new URL(location).searchParams.get('account')!;

      const back = await finishSandboxOnboarding(location);
      expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/landlord/oAuth`);
      const response = await confirm({ state: back.searchParams.get('state') }, cookie);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', payoutStatus: 'active' });
      const registration = await registrationRow(landlord.registrationId);
      expect(registration).toMatchObject({ payout_account_id: accountId, payout_status: 'active' });
      expect(registration.payout_connected_at).toBeInstanceOf(Date);
      expect(await testApp.app.get(QueryBus).execute(new GetPayoutAccount(landlord.landlordUserId))).toEqual({
        accountId,
        status: 'active',
        chargesEnabled: true,
        bankDebitsEnabled: true,
      });

      // Coming back to the page again (a reload) still says so.
      expect((await confirm({ state: back.searchParams.get('state') })).json()).toEqual({ status: 'success', payoutStatus: 'active' });
      // The emailed link is used up, in both variants.
      for (const url of [landlord.links.stepOne, landlord.links.stepOneOAuth]) {
        expect((await openStepOne(url)).location).toBe(LINK_ERROR_PAGE);
      }
    });

    it('sends a landlord who left the provider’s form unfinished back to step 1, whose link still works', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      const { location, cookie } = await openStepOne(landlord.links.stepOne);

      const back = await finishSandboxOnboarding(location, 'later');
      const response = await confirm({ state: back.searchParams.get('state') }, cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.payoutAccountNotConfirmed });
      expect(await registrationRow(landlord.registrationId)).toMatchObject({ payout_status: 'pending', payout_connected_at: null });

      const again = await openStepOne(landlord.links.stepOne);
      expect(again.location).toMatch(/\/api\/sandbox\/connect\/onboard\?/);
    });

    it('makes a new onboarding link when the provider’s one expired, only for the browser that started', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      const { location, cookie } = await openStepOne(landlord.links.stepOne);
      const refreshUrl = new URL(location).searchParams.get('refresh_url')!;

      const refreshed = await get(refreshUrl, cookie);
      expect(refreshed.statusCode).toBe(303);
      expect(String(refreshed.headers.location)).toMatch(new RegExp(`^${PUBLIC_URL}/api/sandbox/connect/onboard\\?`));

      const elsewhere = await get(refreshUrl);
      expect(elsewhere.headers.location).toBe(ERROR_PAGE);
      const otherBrowser = await openStepOne((await approvedLandlord(testApp, operator)).links.stepOne);
      expect((await get(refreshUrl, otherBrowser.cookie)).headers.location).toBe(ERROR_PAGE);
    });
  });

  describe('with an existing provider account (OAuth)', () => {
    it('sends the landlord to authorize us, then exchanges the code on the server and saves that account', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      const { location, cookie } = await openStepOne(landlord.links.stepOneOAuth);
      const authorize = new URL(location);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${PUBLIC_URL}/api/sandbox/connect/oauth/authorize`);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/landlord/oAuth`);
      expect(authorize.searchParams.get('email')).toBe(landlord.email);

      const back = await authorizeOnSandbox(location);
      const code = back.searchParams.get('code')!;
      const state = back.searchParams.get('state')!;
      expect(code).toBeTruthy();

      // The code alone, from a browser that did not start step 1, is refused.
      const foreign = await confirm({ state, code });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual({ status: 'error', error: MESSAGES.payoutAccountNotConfirmed });

      const response = await confirm({ state, code }, cookie);
      expect(response.json()).toEqual({ status: 'success', payoutStatus: 'active' });
      const registration = await registrationRow(landlord.registrationId);
      expect(registration.payout_account_id).toMatch(/^acct_/);
      expect(registration.payout_connected_at).toBeInstanceOf(Date);

      // Each code works once.
      expect((await confirm({ state, code }, cookie)).statusCode).toBe(400);
    });

    it('fails when the landlord cancels on the provider’s page', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      const { location, cookie } = await openStepOne(landlord.links.stepOneOAuth);
      const back = await authorizeOnSandbox(location, 'deny');
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect((await confirm({ state: back.searchParams.get('state') }, cookie)).statusCode).toBe(400);
    });
  });

  describe('the signed state', () => {
    const confirmable = async () => {
      const landlord = await approvedLandlord(testApp, operator);
      const { location, cookie } = await openStepOne(landlord.links.stepOne);
      const back = await finishSandboxOnboarding(location);
      return { landlord, cookie, state: back.searchParams.get('state')! };
    };

    it('refuses a state that names another registration or was altered in any way', async () => {
      const { cookie, state } = await confirmable();
      const other = await approvedLandlord(testApp, operator);
      const decoded = Buffer.from(state, 'base64url').toString();
      const [named] = decoded.split('.');
      const forgeries = [
        Buffer.from(decoded.replace(named, `state_${other.registrationId}`)).toString('base64url'),
        `${state.slice(0, -2)}AA`,
        Buffer.from(`state_${other.registrationId}`).toString('base64url'),
        'not-a-state',
      ];
      for (const forged of forgeries) {
        const response = await confirm({ state: forged }, cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ status: 'error', error: MESSAGES.payoutAccountNotConfirmed });
      }
      expect((await registrationRow(other.registrationId)).payout_account_id).toBeNull();
      expect((await confirm({}, cookie)).json()).toEqual({ status: 'error', error: MESSAGES.payoutAccountNotConfirmed });
    });

    it('works until it expires, and not after', async () => {
      const first = await confirmable();
      const second = await confirmable();
      clock.advanceMs((PAYOUT_STATE_LIFETIME_SECONDS - 1) * 1000);
      expect((await confirm({ state: first.state }, first.cookie)).statusCode).toBe(200);

      clock.advanceMs(1000);
      expect((await confirm({ state: second.state }, second.cookie)).statusCode).toBe(400);
      expect((await registrationRow(second.landlord.registrationId)).payout_connected_at).toBeNull();
    });
  });

  describe('the step-1 link', () => {
    it('refuses an unknown or missing token', async () => {
      for (const url of ['/api/onboarding/payout-account/start?token=not-a-real-token', '/api/onboarding/payout-account/start']) {
        expect((await get(url)).headers.location).toBe(LINK_ERROR_PAGE);
      }
    });

    it('works for 7 days', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      clock.advanceMs(STEP_ONE_TOKEN_LIFETIME_MS - 1000);
      expect((await openStepOne(landlord.links.stepOne)).location).toMatch(/\/api\/sandbox\/connect\/onboard\?/);
      clock.advanceMs(1000);
      expect((await openStepOne(landlord.links.stepOne)).location).toBe(LINK_ERROR_PAGE);
    });

    it('goes to the error page when the provider cannot be reached', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      const sandbox = testApp.app.get(SandboxAccounts);
      const create = jest.spyOn(sandbox, 'create').mockRejectedValueOnce(new Error('provider down'));
      try {
        expect((await openStepOne(landlord.links.stepOne)).location).toBe(ERROR_PAGE);
      } finally {
        create.mockRestore();
      }
      expect((await openStepOne(landlord.links.stepOne)).location).toMatch(/\/api\/sandbox\/connect\/onboard\?/);
    });
  });

  describe('keeping the payout status current (account.updated)', () => {
    it('updates the status from SyncPayoutAccount, and finishes quietly for an account nobody registered', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      await connectPayoutAccount(landlord);
      const { payout_account_id: accountId } = await registrationRow(landlord.registrationId);
      const commands = testApp.app.get(CommandBus);

      await commands.execute(new SyncPayoutAccount(accountId, true, false, true, false));
      // Payouts paused, charges still taken: payments go on (decision 0026).
      expect(await registrationRow(landlord.registrationId)).toMatchObject({ payout_status: 'restricted', payout_charges_enabled: true });
      await commands.execute(new SyncPayoutAccount(accountId, false, false, true, false));
      expect(await registrationRow(landlord.registrationId)).toMatchObject({ payout_status: 'restricted', payout_charges_enabled: false });
      await commands.execute(new SyncPayoutAccount(accountId, true, true, true, false));
      expect(await registrationRow(landlord.registrationId)).toMatchObject({ payout_status: 'active', payout_charges_enabled: true });

      await expect(commands.execute(new SyncPayoutAccount('acct_nobody', true, true, true, false))).resolves.toBeUndefined();
    });

    it('follows the provider’s webhook through the queue', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      await connectPayoutAccount(landlord);
      const { payout_account_id: accountId } = await registrationRow(landlord.registrationId);

      await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled: true, payoutsEnabled: false, detailsSubmitted: true });

      await waitFor(async () => (await registrationRow(landlord.registrationId)).payout_status === 'restricted', {
        what: 'the webhook to restrict the payout account',
      });
    });

    it('finishes step 1 when the provider says the details are in, even if the landlord never came back', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      const { location } = await openStepOne(landlord.links.stepOne);
      const accountId = new URL(location).searchParams.get('account')!;

      await testApp.app.get(SandboxAccounts).completeOnboarding(accountId);

      await waitFor(async () => Boolean((await registrationRow(landlord.registrationId)).payout_connected_at), {
        what: 'the webhook to connect the payout account',
      });
      expect((await openStepOne(landlord.links.stepOne)).location).toBe(LINK_ERROR_PAGE);
    });
  });

  describe('View Stripe Account (GET /api/onboarding/payout-dashboard-link)', () => {
    /** Step 2 of the approval email: the landlord creates a password and signs in. */
    const activate = async (landlord: Landlord) => {
      const link = new URL(landlord.links.createPassword);
      const password = 'a-long-landlord-password';
      const response = await testApp.request({
        method: 'POST',
        url: '/api/account/set-password',
        payload: {
          email: decodeEmailParam(link.searchParams.get('email')),
          token: link.searchParams.get('token'),
          password,
          confirmPassword: password,
        },
      });
      expect(response.statusCode).toBe(200);
      return signIn(testApp, { email: landlord.email, password });
    };

    const dashboardLink = (headers: Record<string, string> = {}) =>
      testApp.request({ method: 'GET', url: '/api/onboarding/payout-dashboard-link', headers });

    it('gives a connected landlord a link to the provider’s dashboard', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      await connectPayoutAccount(landlord);
      const { headers } = await activate(landlord);

      const response = await dashboardLink(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', url: expect.stringMatching(`^${PUBLIC_URL}/api/sandbox/connect/dashboard\\?`) });
    });

    it('answers 409 with a clear message before step 1 is done', async () => {
      const landlord = await approvedLandlord(testApp, operator);
      const { headers } = await activate(landlord);
      const response = await dashboardLink(headers);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.payoutAccountNotConnected });
    });

    it('is for landlords only', async () => {
      expect((await dashboardLink()).statusCode).toBe(401);
      const tenant = await signedInUser(testApp, { type: 'tenant' });
      expect((await dashboardLink(tenant.headers)).statusCode).toBe(403);
      expect((await dashboardLink(operator.headers)).statusCode).toBe(403);
    });
  });

  it('tells the onboarding pages the support address', async () => {
    const response = await get('/api/onboarding/config');
    expect(response.json()).toEqual({ status: 'success', supportEmail: 'help@rentwise.test' });
  });
});
