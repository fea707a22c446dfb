import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { AppConfig } from '../../src/infrastructure/config/app-config';
import { PaymentGatewayModule } from '../../src/modules/payments/gateways/payment-gateway.module';
import { ConnectedAccountNotFound, OAuthCodeRejected } from '../../src/infrastructure/providers/provider-errors';
import { PaymentGateway } from '../../src/modules/payments/gateways/payment-gateway.port';
import { PayoutAccountProvider } from '../../src/modules/onboarding/contracts/payout-account-provider.port';
import { payoutStatusOf } from '@rentwise/libs/payout-status';
import { SandboxGateway } from '../../src/modules/payments/gateways/sandbox/sandbox.gateway';
import { StripeGateway } from '../../src/modules/payments/gateways/stripe/stripe.gateway';
import { SANDBOX_WEBHOOKS_QUEUE } from '../../src/infrastructure/queue/queue-names';
import { SyncPayoutAccount } from '../../src/modules/onboarding/contracts/sync-payout-account.command';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { recordCommands } from './command-recorder';
import { FORM, formBody, formFieldsOf, pathOf } from './sandbox-pages';
import { productionEnvironment } from '../support/production-env';

const RETURN_URL = 'http://localhost:3000/landlord/stripe-account/created';
const REFRESH_URL = 'http://localhost:3000/landlord/stripe-account/refresh';
const REDIRECT_URI = 'http://localhost:3000/landlord/oAuth';

describe('sandbox payment gateway (no STRIPE_SECRET_KEY)', () => {
  let testApp: TestApp;
  let gateway: PaymentGateway;
  let clock: FixedClock;
  let synced: SyncPayoutAccount[];
  let sequence = 0;

  const newAccount = async (): Promise<string> => {
    sequence += 1;
    const { accountId } = await gateway.createConnectedAccount({
      email: `landlord-${sequence}@example.com`,
      idempotencyKey: `sandbox-spec-${Date.now()}-${sequence}`,
    });
    return accountId;
  };

  const openPage = async (url: string) => {
    const page = await testApp.request({ method: 'GET', url: pathOf(url) });
    return { page, fields: formFieldsOf(page.body) };
  };

  beforeAll(async () => {
    clock = new FixedClock(new Date());
    testApp = await startTestApp({ PUBLIC_URL: 'http://localhost:3000' }, { clock });
    gateway = testApp.app.get(PaymentGateway);
    synced = recordCommands(testApp.app, SyncPayoutAccount);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('is what the app uses when no Stripe key is configured', () => {
    expect(testApp.config.paymentGateway).toBe('sandbox');
    expect(gateway).toBeInstanceOf(SandboxGateway);
    expect(gateway.supportsOAuth).toBe(true);
  });

  it('opens one account per idempotency key, pending until the landlord is onboarded', async () => {
    const request = { email: 'once@example.com', idempotencyKey: `once-${Date.now()}` };
    const first = await gateway.createConnectedAccount(request);
    const retried = await gateway.createConnectedAccount(request);
    expect(retried.accountId).toBe(first.accountId);
    expect(first.accountId).toMatch(/^acct_/);

    const account = await gateway.retrieveAccount(first.accountId);
    expect(account).toEqual({
      accountId: first.accountId,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      bankDebitsEnabled: false,
    });
    expect(payoutStatusOf(account)).toBe('pending');
  });

  it('reports an account it never opened as ConnectedAccountNotFound', async () => {
    await expect(gateway.retrieveAccount('acct_never_opened')).rejects.toBeInstanceOf(ConnectedAccountNotFound);
  });

  it('onboards through its own page and returns to return_url, as Stripe hosted onboarding does', async () => {
    const accountId = await newAccount();
    const { url } = await gateway.createAccountLink({ accountId, refreshUrl: REFRESH_URL, returnUrl: RETURN_URL });
    expect(url.startsWith('http://localhost:3000/api/sandbox/connect/onboard?')).toBe(true);

    const { page, fields } = await openPage(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Sandbox payout account</title>');
    expect(page.body).toContain('>Continue</button>');
    expect(page.body).toContain(accountId);
    expect(page.body).not.toMatch(/<script/i);
    // The form's redirect to return_url must be allowed by the page's own CSP (form-action covers redirects).
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost:3000");
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");

    const continued = await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/onboard',
      headers: FORM,
      payload: formBody({ ...fields, decision: 'complete' }),
    });
    expect(continued.statusCode).toBe(303);
    expect(continued.headers.location).toBe(RETURN_URL);

    const account = await gateway.retrieveAccount(accountId);
    expect(account).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
    expect(payoutStatusOf(account)).toBe('active');
  });

  it('announces the change as account.updated, which the worker turns into SyncPayoutAccount', async () => {
    const accountId = await newAccount();
    const { url } = await gateway.createAccountLink({ accountId, refreshUrl: REFRESH_URL, returnUrl: RETURN_URL });
    const { fields } = await openPage(url);
    await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/onboard',
      headers: FORM,
      payload: formBody({ ...fields, decision: 'complete' }),
    });

    const command = await waitFor(() => synced.find((sent) => sent.accountId === accountId), {
      what: 'SyncPayoutAccount for the onboarded account',
    });
    expect(command).toEqual(new SyncPayoutAccount(accountId, true, true, true, true));

    // Were our endpoint not to take it, the event would be tried again for about three days, as Stripe does.
    const queue = testApp.app.get<Queue>(getQueueToken(SANDBOX_WEBHOOKS_QUEUE));
    const [delivery] = await queue.getJobs(['completed', 'active', 'wait', 'delayed']);
    const { attempts = 1, backoff } = delivery.opts;
    expect(backoff).toEqual({ type: 'exponential', delay: 2000 });
    const retryingHours = Array.from({ length: attempts - 1 }, (_, retry) => 2 * 2 ** retry).reduce((sum, s) => sum + s, 0) / 3600;
    expect(retryingHours).toBeGreaterThan(72);
  });

  it('returns to return_url without finishing when the landlord chooses to', async () => {
    const accountId = await newAccount();
    const { url } = await gateway.createAccountLink({ accountId, refreshUrl: REFRESH_URL, returnUrl: RETURN_URL });
    const { fields } = await openPage(url);
    const left = await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/onboard',
      headers: FORM,
      payload: formBody({ ...fields, decision: 'later' }),
    });
    expect(left.statusCode).toBe(303);
    expect(left.headers.location).toBe(RETURN_URL);
    expect(payoutStatusOf(await gateway.retrieveAccount(accountId))).toBe('pending');
  });

  it('refuses a link whose return address was changed (no open redirect)', async () => {
    const accountId = await newAccount();
    const { url } = await gateway.createAccountLink({ accountId, refreshUrl: REFRESH_URL, returnUrl: RETURN_URL });
    const tampered = new URL(url);
    tampered.searchParams.set('return_url', 'https://evil.example/steal');
    const page = await testApp.request({ method: 'GET', url: pathOf(tampered.toString()) });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('This link is not valid');

    const { fields } = await openPage(url);
    const posted = await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/onboard',
      headers: FORM,
      payload: formBody({ ...fields, return_url: 'https://evil.example/steal', decision: 'complete' }),
    });
    expect(posted.statusCode).toBe(400);
    expect(payoutStatusOf(await gateway.retrieveAccount(accountId))).toBe('pending');
  });

  it('sends an expired account link to refresh_url, as Stripe does', async () => {
    const accountId = await newAccount();
    const { url } = await gateway.createAccountLink({ accountId, refreshUrl: REFRESH_URL, returnUrl: RETURN_URL });
    clock.advanceMs(31 * 60 * 1000);
    try {
      const page = await testApp.request({ method: 'GET', url: pathOf(url) });
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe(REFRESH_URL);
    } finally {
      clock.set(new Date());
    }
  });

  it('connects an existing account through OAuth: redirect with code and state, then a one-time exchange', async () => {
    const url = gateway.oauthAuthorizeUrl({ state: 'c3RhdGU6YWJj', redirectUri: REDIRECT_URI });
    expect(url.startsWith('http://localhost:3000/api/sandbox/connect/oauth/authorize?')).toBe(true);

    const { page, fields } = await openPage(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Sandbox payout account</title>');
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost:3000");

    const allowed = await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/oauth/authorize',
      headers: FORM,
      payload: formBody({ ...fields, decision: 'allow' }),
    });
    expect(allowed.statusCode).toBe(303);
    const redirect = new URL(String(allowed.headers.location));
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get('state')).toBe('c3RhdGU6YWJj');
    const code = redirect.searchParams.get('code')!;
    expect(code).toMatch(/^ac_/);

    const { accountId } = await gateway.exchangeOAuthCode(code);
    expect(payoutStatusOf(await gateway.retrieveAccount(accountId))).toBe('active');
    await expect(gateway.exchangeOAuthCode(code)).rejects.toBeInstanceOf(OAuthCodeRejected);
    await expect(gateway.exchangeOAuthCode('ac_made_up')).rejects.toBeInstanceOf(OAuthCodeRejected);
  });

  it('reports a cancelled OAuth authorization the way Stripe does', async () => {
    const url = gateway.oauthAuthorizeUrl({ state: 'xyz', redirectUri: REDIRECT_URI });
    const { fields } = await openPage(url);
    const denied = await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/oauth/authorize',
      headers: FORM,
      payload: formBody({ ...fields, decision: 'deny' }),
    });
    expect(denied.statusCode).toBe(303);
    const redirect = new URL(String(denied.headers.location));
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('xyz');
    expect(redirect.searchParams.get('code')).toBeNull();
  });

  it('opens a sandbox dashboard for the account, where payouts can be paused to try the restricted state', async () => {
    const accountId = await newAccount();
    const { url } = await gateway.createDashboardLink(accountId);
    expect(url.startsWith('http://localhost:3000/api/sandbox/connect/dashboard?')).toBe(true);

    const { page, fields } = await openPage(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(accountId);
    expect(page.body).toContain('Pending');

    const link = await gateway.createAccountLink({ accountId, refreshUrl: REFRESH_URL, returnUrl: RETURN_URL });
    const onboard = await openPage(link.url);
    await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/onboard',
      headers: FORM,
      payload: formBody({ ...onboard.fields, decision: 'complete' }),
    });
    const paused = await testApp.request({
      method: 'POST',
      url: '/api/sandbox/connect/dashboard',
      headers: FORM,
      payload: formBody({ ...fields, decision: 'restrict' }),
    });
    expect(paused.statusCode).toBe(303);
    expect(payoutStatusOf(await gateway.retrieveAccount(accountId))).toBe('restricted');

    const back = await testApp.request({ method: 'GET', url: String(paused.headers.location) });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Restricted');
  });

  it('is never mounted in production, where Stripe keys are required anyway', () => {
    const production = AppConfig.fromEnvironment(productionEnvironment());
    const module = PaymentGatewayModule.register(production);
    expect(module.controllers ?? []).toEqual([]);
    expect(module.providers).toEqual([
      { provide: PaymentGateway, useClass: StripeGateway },
      { provide: PayoutAccountProvider, useExisting: PaymentGateway },
    ]);
  });
});
