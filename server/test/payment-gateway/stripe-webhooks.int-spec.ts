import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { DEFAULT_POOL_SIZE } from '../../src/infrastructure/database/data-source-options';
import { Inbox } from '../../src/infrastructure/inbox/inbox';
import { INBOX_CONCURRENCY } from '../../src/infrastructure/inbox/inbox.processor';
import { PaymentGateway } from '../../src/modules/payments/gateways/payment-gateway.port';
import { sandboxWebhookSecret } from '../../src/modules/payments/gateways/sandbox/sandbox.gateway';
import { SyncPayoutAccount } from '../../src/modules/onboarding/contracts/sync-payout-account.command';
import { FakeStripe, signStripeWebhook, stripeEvent } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { handledInboxRow, inboxRows, postWebhook } from '../support/webhooks';
import { recordCommands } from './command-recorder';

type Event = Record<string, unknown> & { id: string };

describe('Stripe webhooks with the sandbox gateway (events signed with the development secrets)', () => {
  let testApp: TestApp;
  let gateway: PaymentGateway;
  let secret: string;
  let connectSecret: string;
  let synced: SyncPayoutAccount[];

  beforeAll(async () => {
    testApp = await startTestApp();
    gateway = testApp.app.get(PaymentGateway);
    secret = sandboxWebhookSecret(testApp.config.appSecret);
    connectSecret = sandboxWebhookSecret(testApp.config.appSecret, 'connect');
    synced = recordCommands(testApp.app, SyncPayoutAccount);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const accountUpdated = (accountId: string): Event =>
    stripeEvent('account.updated', { id: accountId, object: 'account' }, { account: accountId }) as Event;

  it('answers 400 and stores nothing when the signature does not verify', async () => {
    const event = accountUpdated('acct_whoever');
    const body = JSON.stringify(event);

    const wrongSecret = await postWebhook(testApp, body, signStripeWebhook(body, 'whsec_not_ours'));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ status: 'error', error: 'Invalid webhook signature' });

    // The same event, parsed and serialized again (other spacing): not the bytes that were signed.
    const reserialized = JSON.stringify(JSON.parse(body), null, 2);
    expect((await postWebhook(testApp, reserialized, signStripeWebhook(body, secret))).statusCode).toBe(400);
    const tampered = await postWebhook(testApp, body.replace('acct_whoever', 'acct_other'), signStripeWebhook(body, secret));
    expect(tampered.statusCode).toBe(400);

    const justTooOld = Math.floor(Date.now() / 1000) - 301;
    expect((await postWebhook(testApp, body, signStripeWebhook(body, secret, justTooOld))).statusCode).toBe(400);
    expect((await postWebhook(testApp, body)).statusCode).toBe(400);
    expect((await postWebhook(testApp, body, 'garbage')).statusCode).toBe(400);
    // Each endpoint has its own secret: the platform's does not open the Connect endpoint, nor the other way.
    expect((await postWebhook(testApp, body, signStripeWebhook(body, secret), 'connect')).statusCode).toBe(400);
    expect((await postWebhook(testApp, body, signStripeWebhook(body, connectSecret), 'platform')).statusCode).toBe(400);

    expect(await inboxRows(testApp, event.id)).toEqual([]);
  });

  it('takes an event signed a little under 300 seconds ago', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_recent', object: 'customer' }) as Event;
    const body = JSON.stringify(event);
    const recent = Math.floor(Date.now() / 1000) - 280;
    expect((await postWebhook(testApp, body, signStripeWebhook(body, secret, recent))).statusCode).toBe(200);
  });

  it('stores a signed event once however often it is delivered, and onboarding syncs the payout account', async () => {
    const { accountId } = await gateway.createConnectedAccount({ email: 'hook@example.com', idempotencyKey: `hook-${Date.now()}` });
    const event = accountUpdated(accountId);
    const body = JSON.stringify(event);

    const deliveries = await Promise.all(
      [1, 2, 3].map(() => postWebhook(testApp, body, signStripeWebhook(body, connectSecret), 'connect')),
    );
    expect(deliveries.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(deliveries[0].json()).toEqual({ status: 'success' });

    const row = await handledInboxRow(testApp, event.id);
    expect(row).toMatchObject({ status: 'done', endpoint: 'connect', type: 'account.updated', attempts: 1 });
    expect(await inboxRows(testApp, event.id)).toHaveLength(1);
    expect(synced.filter((command) => command.accountId === accountId)).toEqual([
      new SyncPayoutAccount(accountId, false, false, false, false),
    ]);

    // Delivered again days later: answered 200, nothing changes.
    expect((await postWebhook(testApp, body, signStripeWebhook(body, connectSecret), 'connect')).statusCode).toBe(200);
    expect(await inboxRows(testApp, event.id)).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
  });

  it('keeps event types it does not handle as unhandled, so a later release can replay them', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }, { account: 'acct_x' }) as Event;
    const body = JSON.stringify(event);
    expect((await postWebhook(testApp, body, signStripeWebhook(body, secret))).statusCode).toBe(200);
    const row = await handledInboxRow(testApp, event.id);
    expect(row).toMatchObject({ status: 'unhandled', outcome: 'event type customer.created is not handled' });

    // An operator's replay runs it again (still unhandled in this release).
    expect(await testApp.app.get(Inbox).replay([event.id])).toEqual([row.id]);
    await waitFor(async () => (await inboxRows(testApp, event.id))[0].attempts === 2, { what: 'the replay' });
  });

  it('finishes as skipped an account.updated for an account the provider does not know', async () => {
    const event = accountUpdated('acct_gone');
    const body = JSON.stringify(event);
    expect((await postWebhook(testApp, body, signStripeWebhook(body, connectSecret), 'connect')).statusCode).toBe(200);
    const row = await handledInboxRow(testApp, event.id);
    expect(row).toMatchObject({ status: 'skipped', outcome: 'the provider no longer knows the account', attempts: 1 });
  });

  it('gives a process that works the inbox a database connection for each provider event it handles at once', () => {
    // Each event is handled in one transaction, the provider's re-read included; the rest of the process keeps its pool.
    const pool = (testApp.dataSource.driver as PostgresDriver).master as { options: { max: number } };
    expect(pool.options.max).toBe(DEFAULT_POOL_SIZE + INBOX_CONCURRENCY);
  });

  it('needs no Origin, cookie or CSRF header: the provider sends none', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_2', object: 'customer' }) as Event;
    const body = JSON.stringify(event);
    const answer = await testApp.request({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0', 'stripe-signature': signStripeWebhook(body, secret) },
      payload: body,
    });
    expect(answer.statusCode).toBe(200);
  });
});

describe('Stripe webhooks with the Stripe gateway in live mode', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let synced: SyncPayoutAccount[];

  beforeAll(async () => {
    fake = await FakeStripe.start();
    testApp = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_API_BASE: fake.url,
      STRIPE_CLIENT_ID: 'ca_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
    });
    synced = recordCommands(testApp.app, SyncPayoutAccount);
  });

  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('verifies the Connect endpoint with STRIPE_CONNECT_WEBHOOK_SECRET and syncs the account as Stripe reports it now', async () => {
    fake.setAccount('acct_fake_hooked', { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    // An older event that arrives late: its flags are stale.
    const stale = { id: 'acct_fake_hooked', object: 'account', charges_enabled: false, payouts_enabled: false, details_submitted: false };
    const event = { ...(stripeEvent('account.updated', stale, { account: 'acct_fake_hooked' }) as Event), livemode: true };
    const body = JSON.stringify(event);

    expect((await postWebhook(testApp, body, signStripeWebhook(body, 'whsec_platform'), 'connect')).statusCode).toBe(400);
    expect((await postWebhook(testApp, body, signStripeWebhook(body, 'whsec_connect'), 'connect')).statusCode).toBe(200);

    expect(await handledInboxRow(testApp, event.id)).toMatchObject({ status: 'done' });
    expect(synced).toEqual([new SyncPayoutAccount('acct_fake_hooked', true, true, true, true)]);
    expect(fake.requestsTo('GET', '/v1/accounts/acct_fake_hooked')).toHaveLength(1);
  });

  it('refuses a test-mode event in live mode and stores nothing', async () => {
    const event = stripeEvent('account.updated', { id: 'acct_fake_hooked', object: 'account' }, { account: 'acct_fake_hooked' }) as Event;
    const body = JSON.stringify(event);
    const answer = await postWebhook(testApp, body, signStripeWebhook(body, 'whsec_connect'), 'connect');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ status: 'error', error: 'Test-mode events are not accepted in live mode' });
    expect(await inboxRows(testApp, event.id)).toEqual([]);
  });
});
