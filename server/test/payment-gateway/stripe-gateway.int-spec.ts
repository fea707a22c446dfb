import { ConnectedAccountNotFound, OAuthCodeRejected, PaymentGatewayError } from '../../src/infrastructure/providers/provider-errors';
import { PaymentGateway } from '../../src/modules/payments/gateways/payment-gateway.port';
import { payoutStatusOf } from '@rentwise/libs/payout-status';
import { StripeGateway } from '../../src/modules/payments/gateways/stripe/stripe.gateway';
import { FakeStripe } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';

const RETURN_URL = 'http://localhost:3000/landlord/stripe-account/created';
const REFRESH_URL = 'http://localhost:3000/landlord/stripe-account/refresh';
const REDIRECT_URI = 'http://localhost:3000/landlord/oAuth';

/** The real stripe SDK over HTTP, pointed at a local fake through STRIPE_API_BASE. */
describe('Stripe payment gateway', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    testApp = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_BASE: fake.url,
      STRIPE_CLIENT_ID: 'ca_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    gateway = testApp.app.get(PaymentGateway);
  });

  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('is what the app uses when STRIPE_SECRET_KEY is set, and the sandbox pages are not served', async () => {
    expect(gateway).toBeInstanceOf(StripeGateway);
    expect(gateway.supportsOAuth).toBe(true);
    const sandboxPage = await testApp.request({ method: 'GET', url: '/api/sandbox/connect/onboard' });
    expect(sandboxPage.statusCode).toBe(404);
  });

  it('opens a US account that pays Stripe\'s fees itself (direct charges), with card payments and transfers, once per idempotency key', async () => {
    const first = await gateway.createConnectedAccount({ email: 'landlord@example.com', idempotencyKey: 'onboard-user-1' });
    const retried = await gateway.createConnectedAccount({ email: 'landlord@example.com', idempotencyKey: 'onboard-user-1' });
    expect(retried.accountId).toBe(first.accountId);

    const requests = fake.requestsTo('POST', '/v1/accounts');
    expect(requests).toHaveLength(2);
    expect(requests[0].idempotencyKey).toBe('onboard-user-1');
    expect(requests[0].authorization).toBe('Bearer sk_test_x');
    expect(requests[0].form).toMatchObject({
      country: 'US',
      email: 'landlord@example.com',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'controller[stripe_dashboard][type]': 'full',
      'controller[requirement_collection]': 'stripe',
      'controller[fees][payer]': 'account',
      'controller[losses][payments]': 'stripe',
    });
  });

  it('creates a hosted onboarding link for the account', async () => {
    const { accountId } = await gateway.createConnectedAccount({ email: 'link@example.com', idempotencyKey: 'link-1' });
    const { url } = await gateway.createAccountLink({ accountId, refreshUrl: REFRESH_URL, returnUrl: RETURN_URL });
    expect(url.startsWith(`${fake.url}/setup/`)).toBe(true);
    const [request] = fake.requestsTo('POST', '/v1/account_links');
    expect(request.form).toEqual({
      account: accountId,
      refresh_url: REFRESH_URL,
      return_url: RETURN_URL,
      type: 'account_onboarding',
    });
  });

  it('reads the account back and derives its payout status', async () => {
    const { accountId } = await gateway.createConnectedAccount({ email: 'state@example.com', idempotencyKey: 'state-1' });
    expect(payoutStatusOf(await gateway.retrieveAccount(accountId))).toBe('pending');

    fake.setAccount(accountId, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false });
    const restricted = await gateway.retrieveAccount(accountId);
    expect(restricted).toEqual({ accountId, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false, bankDebitsEnabled: true });
    expect(payoutStatusOf(restricted)).toBe('restricted');

    fake.setAccount(accountId, { payoutsEnabled: true });
    expect(payoutStatusOf(await gateway.retrieveAccount(accountId))).toBe('active');
    expect(fake.requestsTo('GET', `/v1/accounts/${accountId}`)).toHaveLength(3);
  });

  it('reports an account Stripe does not know as ConnectedAccountNotFound', async () => {
    await expect(gateway.retrieveAccount('acct_unknown')).rejects.toBeInstanceOf(ConnectedAccountNotFound);
  });

  it('builds the OAuth authorize URL with our client id and state, on the configured Stripe base', () => {
    const url = new URL(gateway.oauthAuthorizeUrl({ state: 'c3RhdGU', redirectUri: REDIRECT_URI, email: 'me@example.com' }));
    expect(url.origin).toBe(fake.url);
    expect(url.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'ca_x',
      scope: 'read_write',
      state: 'c3RhdGU',
      redirect_uri: REDIRECT_URI,
      'stripe_user[email]': 'me@example.com',
    });
  });

  it('exchanges the OAuth code server side (on the overridden connect host) for the account id, once', async () => {
    const authorize = await fetch(gateway.oauthAuthorizeUrl({ state: 'abc', redirectUri: REDIRECT_URI }), {
      redirect: 'manual',
    });
    expect(authorize.status).toBe(302);
    const redirect = new URL(authorize.headers.get('location')!);
    expect(redirect.searchParams.get('state')).toBe('abc');
    const code = redirect.searchParams.get('code')!;

    const { accountId } = await gateway.exchangeOAuthCode(code);
    expect(fake.account(accountId)).toBeDefined();
    const [token] = fake.requestsTo('POST', '/oauth/token');
    expect(token.form).toEqual({ grant_type: 'authorization_code', code });
    // The secret key authenticates the exchange; it never appears in a browser URL.
    expect(token.authorization).toBe('Bearer sk_test_x');

    await expect(gateway.exchangeOAuthCode(code)).rejects.toBeInstanceOf(OAuthCodeRejected);
  });

  it('gives an Express account a login link, and the accounts we open and Standard (OAuth) accounts the Stripe dashboard', async () => {
    fake.setAccount('acct_fake_express', { dashboard: 'express' });
    const expressLink = await gateway.createDashboardLink('acct_fake_express');
    expect(expressLink.url.startsWith(`${fake.url}/express/acct_fake_express`)).toBe(true);
    expect(fake.requestsTo('POST', `/v1/accounts/acct_fake_express/login_links`)).toHaveLength(1);

    const opened = await gateway.createConnectedAccount({ email: 'full@example.com', idempotencyKey: 'dash-1' });
    expect(await gateway.createDashboardLink(opened.accountId)).toEqual({ url: 'https://dashboard.stripe.com/' });
    expect(fake.requestsTo('POST', `/v1/accounts/${opened.accountId}/login_links`)).toHaveLength(0);

    const { accountId: standardId } = await gateway.exchangeOAuthCode(fake.issueOAuthCode());
    expect(await gateway.createDashboardLink(standardId)).toEqual({ url: 'https://dashboard.stripe.com/' });
    expect(fake.requestsTo('POST', `/v1/accounts/${standardId}/login_links`)).toHaveLength(0);
  });

  it('turns Stripe errors into PaymentGatewayError with Stripe\'s code', async () => {
    const { accountId } = await gateway.createConnectedAccount({ email: 'error@example.com', idempotencyKey: 'error-1' });
    fake.failNext('POST', '/v1/account_links', 400, {
      type: 'invalid_request_error',
      code: 'url_invalid',
      message: 'Not a valid URL',
      param: 'return_url',
    });
    const failure = gateway.createAccountLink({ accountId, refreshUrl: REFRESH_URL, returnUrl: 'not a url' });
    await expect(failure).rejects.toBeInstanceOf(PaymentGatewayError);
    await expect(failure).rejects.toMatchObject({ code: 'url_invalid', retryable: false });
  });
});
