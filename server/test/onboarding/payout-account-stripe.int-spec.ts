import { MESSAGES } from '@rentwise/libs/messages';
import { PAYOUT_BINDING_COOKIE } from '../../src/modules/onboarding/http/payout-binding-cookie';
import { FakeStripe, signStripeWebhook, stripeEvent } from '../support/fake-stripe';
import { signIn } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { approvedLandlord, cookieFrom, pathOf, signedInOperator } from './onboarding-support';

const PUBLIC_URL = 'https://rentwise.test';
const WEBHOOK_SECRET = 'whsec_onboarding_test';

/** Step 1 through the real `stripe` SDK over HTTP, against the local fake of Stripe's endpoints. */
describe('step 1 with Stripe Connect (stripe SDK against a fake Stripe)', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    testApp = await startTestApp({
      PUBLIC_URL,
      STRIPE_SECRET_KEY: 'sk_test_onboarding',
      STRIPE_API_BASE: fake.url,
      STRIPE_CLIENT_ID: 'ca_onboarding',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    operator = await signedInOperator(testApp);
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  const openStepOne = async (url: string) => {
    const response = await testApp.request({ method: 'GET', url: pathOf(url) });
    expect(response.statusCode).toBe(303);
    return { location: new URL(String(response.headers.location)), cookie: cookieFrom(response, PAYOUT_BINDING_COOKIE) };
  };
  const confirm = (payload: object, cookie?: string) =>
    testApp.request({ method: 'POST', url: '/api/onboarding/payout-account/confirm', payload, headers: cookie ? { cookie } : {} });
  const registrationRow = async (registrationId: string) =>
    (await testApp.dataSource.query(`SELECT * FROM onboarding.registrations WHERE id = $1`, [registrationId]))[0];

  it('opens an Express account once (idempotency key) and sends the landlord to an Account Link that returns to /landlord/oAuth', async () => {
    const landlord = await approvedLandlord(testApp, operator);

    const { location } = await openStepOne(landlord.links.stepOne);
    expect(location.toString().startsWith(`${fake.url}/setup/`)).toBe(true);

    const [create] = fake.requestsTo('POST', '/v1/accounts').filter((request) => request.form.email === landlord.email);
    expect(create.idempotencyKey).toBe(`rentwise-payout-account-${landlord.registrationId}`);
    expect(create.authorization).toBe('Bearer sk_test_onboarding');
    const accountId = (await registrationRow(landlord.registrationId)).payout_account_id;
    expect(fake.account(accountId)?.email).toBe(landlord.email);

    const [link] = fake.requestsTo('POST', '/v1/account_links').filter((request) => request.form.account === accountId);
    expect(link.form.type).toBe('account_onboarding');
    const returnUrl = new URL(link.form.return_url);
    expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe(`${PUBLIC_URL}/landlord/oAuth`);
    const state = returnUrl.searchParams.get('state')!;
    expect(link.form.refresh_url).toBe(`${PUBLIC_URL}/api/onboarding/payout-account/refresh?state=${state}`);

    // A second visit reuses the saved account: no new account is opened.
    await openStepOne(landlord.links.stepOne);
    expect(fake.requestsTo('POST', '/v1/accounts').filter((request) => request.form.email === landlord.email)).toHaveLength(1);
  });

  it('confirms the account with Stripe when the landlord returns, and refuses while Stripe still lacks their details', async () => {
    const landlord = await approvedLandlord(testApp, operator);
    const { cookie } = await openStepOne(landlord.links.stepOne);
    const accountId = (await registrationRow(landlord.registrationId)).payout_account_id;
    const [link] = fake.requestsTo('POST', '/v1/account_links').filter((request) => request.form.account === accountId);
    const state = new URL(link.form.return_url).searchParams.get('state')!;

    const early = await confirm({ state }, cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ status: 'error', error: MESSAGES.payoutAccountNotConfirmed });

    fake.setAccount(accountId, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false });
    const response = await confirm({ state }, cookie);
    expect(response.json()).toEqual({ status: 'success', payoutStatus: 'restricted' });
    expect(fake.requestsTo('GET', `/v1/accounts/${accountId}`).length).toBeGreaterThanOrEqual(2);
    expect(await registrationRow(landlord.registrationId)).toMatchObject({ payout_account_id: accountId, payout_status: 'restricted' });
  });

  it('connects an existing Stripe account through OAuth: the code is exchanged on the server with the secret key', async () => {
    const landlord = await approvedLandlord(testApp, operator);
    const { location, cookie } = await openStepOne(landlord.links.stepOneOAuth);
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.url}/oauth/authorize`);
    expect(location.searchParams.get('client_id')).toBe('ca_onboarding');
    expect(location.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/landlord/oAuth`);
    expect(location.searchParams.get('stripe_user[email]')).toBe(landlord.email);

    // Stripe's page sends the browser back with a code and the state unchanged.
    const authorized = await fetch(location, { redirect: 'manual' });
    const back = new URL(authorized.headers.get('location')!);
    const code = back.searchParams.get('code')!;
    expect(back.searchParams.get('state')).toBe(location.searchParams.get('state'));

    const response = await confirm({ state: back.searchParams.get('state'), code }, cookie);
    expect(response.json()).toEqual({ status: 'success', payoutStatus: 'active' });
    const [exchange] = fake.requestsTo('POST', '/oauth/token').filter((request) => request.form.code === code);
    expect(exchange.form.grant_type).toBe('authorization_code');
    expect(exchange.authorization).toBe('Bearer sk_test_onboarding');
    const registration = await registrationRow(landlord.registrationId);
    expect(fake.account(registration.payout_account_id)?.dashboard).toBe('full');
    expect(registration.payout_connected_at).toBeInstanceOf(Date);
  });

  it('refuses a code Stripe does not accept', async () => {
    const landlord = await approvedLandlord(testApp, operator);
    const { location, cookie } = await openStepOne(landlord.links.stepOneOAuth);
    const response = await confirm({ state: location.searchParams.get('state'), code: 'ac_unknown' }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', error: MESSAGES.payoutAccountNotConfirmed });
    expect((await registrationRow(landlord.registrationId)).payout_account_id).toBeNull();
  });

  it('keeps the status current from a signed account.updated webhook, and sends the landlord to their Stripe dashboard', async () => {
    const landlord = await approvedLandlord(testApp, operator);
    const { cookie } = await openStepOne(landlord.links.stepOne);
    const accountId = (await registrationRow(landlord.registrationId)).payout_account_id;
    const [link] = fake.requestsTo('POST', '/v1/account_links').filter((request) => request.form.account === accountId);
    fake.setAccount(accountId, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false });
    await confirm({ state: new URL(link.form.return_url).searchParams.get('state') }, cookie);

    fake.setAccount(accountId, { payoutsEnabled: true });
    const body = JSON.stringify(stripeEvent('account.updated', { id: accountId, object: 'account' }, { account: accountId }));
    const webhook = await testApp.request({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripeWebhook(body, WEBHOOK_SECRET) },
      payload: body,
    });
    expect(webhook.statusCode).toBe(200);
    await waitFor(async () => (await registrationRow(landlord.registrationId)).payout_status === 'active', {
      what: 'account.updated to make the payout account active',
    });

    const password = 'a-long-landlord-password';
    const activation = new URL(landlord.links.createPassword);
    await testApp.request({
      method: 'POST',
      url: '/api/account/set-password',
      payload: { email: landlord.email, token: activation.searchParams.get('token'), password, confirmPassword: password },
    });
    const { headers } = await signIn(testApp, { email: landlord.email, password });
    const response = await testApp.request({ method: 'GET', url: '/api/onboarding/payout-dashboard-link', headers });
    // The account pays Stripe's fees itself, which goes with the full Stripe dashboard (decision 0012).
    expect(response.json()).toEqual({ status: 'success', url: 'https://dashboard.stripe.com/' });
  });
});
