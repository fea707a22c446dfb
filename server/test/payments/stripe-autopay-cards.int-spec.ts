import { AUTOPAY_MANDATE_VERSION } from '@rentwise/libs/autopay';
import { TENANT_PROCESSING_FEE_CENTS } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { MovableClock } from '../../src/infrastructure/clock/clock';
import { AutopayRunner } from '../../src/modules/payments/autopay/autopay-runner';
import { SignedInClient } from '../support/accounts';
import { FakeStripe, stripeEnvFor } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { autopayRunsOf, chargeDueRent } from './autopay-support';
import { anotherTenantOf, rentedHome, RentedHome, signIn } from './payment-support';

const MINUTE_MS = 60_000;

/**
 * Autopay by card with the Stripe adapter (issue 37, decision 0042): the real stripe SDK over HTTP
 * against the local fake of Stripe. The card is saved through a SetupIntent for off-session use on
 * the landlord's account, confirmed as Stripe.js's confirmCardSetup does, read back from Stripe, and
 * charged on the debit day with its customer, off_session, under the run's key.
 */
describe('autopay by card (Stripe SetupIntent and off-session charge, real SDK, local fake)', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let clock: MovableClock;

  beforeAll(async () => {
    fake = await FakeStripe.start({ publishableKey: 'pk_test_x' });
    testApp = await startTestApp(stripeEnvFor(fake));
    clock = testApp.clock as MovableClock;
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  const request = (client: SignedInClient, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    testApp.request({ method, url, headers: { ...client.headers, 'user-agent': 'StripeAutopayTest/1.0' }, ...(payload && { payload }) });

  /** What Stripe.js's confirmCardSetup sends from the browser: the card made on the landlord's account, then the confirmation. */
  async function confirmCardSetup(setup: { clientSecret: string; setupIntentId: string; publishableKey: string; connectedAccountId: string }, cardNumber: string) {
    const post = async (path: string, form: Record<string, string>) => {
      const response = await fetch(`${fake.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const browser = { key: setup.publishableKey, _stripe_account: setup.connectedAccountId };
    const card = await post('/v1/payment_methods', { ...browser, type: 'card', 'card[number]': cardNumber, 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123' });
    expect(card.status).toBe(200);
    return post(`/v1/setup_intents/${setup.setupIntentId}/confirm`, { ...browser, client_secret: setup.clientSecret, payment_method: String(card.body.id) });
  }

  /** A tenant saves a card through a SetupIntent and turns autopay on with it. */
  async function onCardAutopay(cardNumber: string) {
    const home = await rentedHome(testApp, fake.enableCharges);
    await chargeDueRent(testApp);
    const client = await signIn(testApp, home.tenant);
    const started = await request(client, 'POST', '/api/tenant/cards/setup');
    expect(started.statusCode).toBe(201);
    const setup = started.json().setup;
    expect(setup).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_x', connectedAccountId: home.accountId, setupIntentId: expect.stringMatching(/^seti_/) });
    expect((await confirmCardSetup(setup, cardNumber)).body).toMatchObject({ status: 'succeeded', usage: 'off_session' });
    const saved = await request(client, 'POST', '/api/tenant/cards', { setupIntentId: setup.setupIntentId });
    expect(saved.statusCode).toBe(201);
    const card = saved.json().card;
    const turnedOn = await request(client, 'PUT', '/api/tenant/autopay', {
      method: { kind: 'card', savedCardId: card.id },
      daysBeforeDue: 3,
      amount: { kind: 'balance' },
      mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION },
    });
    expect(turnedOn.statusCode).toBe(200);
    return { home, client, card, setup, next: turnedOn.json().autopay.next as { debitAt: string; estimatedCents: number } };
  }

  const customerOf = async (home: RentedHome): Promise<string> =>
    (await testApp.dataSource.query(`SELECT customer_id FROM payments.bank_customers WHERE tenant_user_id = $1`, [home.tenant.userId]))[0].customer_id;

  it('saves the card through an off-session SetupIntent for the tenant’s customer, and charges it off-session with that customer on the debit day', async () => {
    const { home, client, card, setup, next } = await onCardAutopay('4242424242424242');
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    const [intent] = fake.requestsTo('POST', '/v1/setup_intents').filter((made) => made.stripeAccount === home.accountId);
    const customerId = await customerOf(home);
    expect(intent.form).toEqual({ customer: customerId, 'payment_method_types[0]': 'card', usage: 'off_session' });
    // A second setup uses the same customer: one per tenant and account.
    expect((await request(client, 'POST', '/api/tenant/cards/setup')).statusCode).toBe(201);
    expect(fake.requestsTo('POST', '/v1/customers').filter((made) => made.stripeAccount === home.accountId)).toHaveLength(1);
    // Saving the same SetupIntent again answers the same card.
    expect((await request(client, 'POST', '/api/tenant/cards', { setupIntentId: setup.setupIntentId })).json().card).toEqual(card);

    clock.moveTo(new Date(new Date(next.debitAt).getTime() + MINUTE_MS));
    await chargeDueRent(testApp);
    const runner = testApp.app.get(AutopayRunner);
    await Promise.all([runner.runAt(clock.now()), runner.runAt(clock.now())]);
    const [run, ...others] = await autopayRunsOf(testApp, home);
    expect(others).toEqual([]);
    expect(run).toMatchObject({ status: 'succeeded', payment_status: 'succeeded', charged_cents: next.estimatedCents + TENANT_PROCESSING_FEE_CENTS });
    const charges = fake.requestsTo('POST', '/v1/payment_intents').filter((made) => made.stripeAccount === home.accountId);
    expect(new Set(charges.map((made) => made.idempotencyKey)).size).toBe(1);
    expect(charges[0].form).toMatchObject({
      amount: String(next.estimatedCents + TENANT_PROCESSING_FEE_CENTS),
      customer: customerId,
      off_session: 'true',
      confirm: 'true',
      'payment_method_types[0]': 'card',
    });
    expect(fake.charges.filter((made) => made.account === home.accountId)).toHaveLength(1);
  });

  it('is declined authentication_required when the card needs 3-D Secure with the tenant away: never retried, autopay stays on', async () => {
    const { home, next } = await onCardAutopay('4000002760003184');
    clock.moveTo(new Date(new Date(next.debitAt).getTime() + MINUTE_MS));
    await chargeDueRent(testApp);
    await testApp.app.get(AutopayRunner).runAt(clock.now());
    expect(await autopayRunsOf(testApp, home)).toEqual([
      expect.objectContaining({ status: 'declined', failure_code: 'authentication_required', retry_after: null, payment_status: 'declined' }),
    ]);
    const [{ failure_message }] = await testApp.dataSource.query(`SELECT failure_message FROM payments.autopay_runs WHERE tenant_user_id = $1`, [home.tenant.userId]);
    expect(failure_message).toBe('Your card was declined. This transaction requires authentication.');
    const view = await request(await signIn(testApp, home.tenant), 'GET', '/api/tenant/autopay');
    expect(view.json().autopay).toMatchObject({ isOn: true, turnedOffReason: null });
  });

  it('refuses a SetupIntent made for another tenant of the landlord, one it does not know, and one a card’s bank declined', async () => {
    const { home: neighbours, setup: others } = await onCardAutopay('5555555555554444');
    const client = await signIn(testApp, await anotherTenantOf(testApp, neighbours));
    const started = (await request(client, 'POST', '/api/tenant/cards/setup')).json().setup;
    for (const setupIntentId of [others.setupIntentId, 'seti_unknown']) {
      const refused = await request(client, 'POST', '/api/tenant/cards', { setupIntentId });
      expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 402, error: MESSAGES.cardNotAdded });
    }
    expect((await confirmCardSetup(started, '4000000000000002')).status).toBe(402);
    const declined = await request(client, 'POST', '/api/tenant/cards', { setupIntentId: started.setupIntentId });
    expect({ status: declined.statusCode, error: declined.json().error }).toEqual({ status: 402, error: MESSAGES.cardNotAdded });
    expect((await request(client, 'GET', '/api/tenant/cards')).json().cards).toEqual([]);
  });
});
