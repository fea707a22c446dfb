import { getQueueToken } from '@nestjs/bullmq';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { Job, Queue } from 'bullmq';
import { HANDLE_GATEWAY_EVENT_JOB, HandleGatewayEventJob } from '../../src/infrastructure/payment-gateway/gateway-event.job';
import { PaymentGateway } from '../../src/infrastructure/payment-gateway/payment-gateway.port';
import { sandboxWebhookSecret } from '../../src/infrastructure/payment-gateway/sandbox/sandbox.gateway';
import { WEBHOOKS_QUEUE } from '../../src/infrastructure/queue/queue-names';
import { SyncPayoutAccount } from '../../src/modules/onboarding/contracts/sync-payout-account.command';
import { WebhookOutcome, WebhookProcessor } from '../../src/modules/payments/webhooks/webhook.processor';
import { FakeStripe, signStripeWebhook, stripeEvent } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { recordCommands } from './command-recorder';

type Event = Record<string, unknown> & { id: string };

function postWebhook(testApp: TestApp, body: string, signature?: string) {
  return testApp.request({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

async function finishedJob(queue: Queue<HandleGatewayEventJob>, eventId: string): Promise<Job<HandleGatewayEventJob>> {
  await waitFor(
    async () => {
      const state = await queue.getJobState(eventId);
      if (state === 'failed') throw new Error(`job ${eventId} failed: ${(await queue.getJob(eventId))?.failedReason}`);
      return state === 'completed';
    },
    { what: `the worker to finish event ${eventId}` },
  );
  // Read after completion: a job fetched while still active carries no return value.
  return (await queue.getJob(eventId))!;
}

describe('Stripe webhooks with the sandbox gateway (events signed with the development secret)', () => {
  let testApp: TestApp;
  let gateway: PaymentGateway;
  let queue: Queue<HandleGatewayEventJob>;
  let secret: string;
  let synced: SyncPayoutAccount[];

  beforeAll(async () => {
    testApp = await startTestApp();
    gateway = testApp.app.get(PaymentGateway);
    queue = testApp.app.get(getQueueToken(WEBHOOKS_QUEUE));
    secret = sandboxWebhookSecret(testApp.config.appSecret);
    synced = recordCommands(testApp.app, SyncPayoutAccount);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const accountUpdated = (accountId: string): Event =>
    stripeEvent('account.updated', { id: accountId, object: 'account' }, { account: accountId }) as Event;

  it('answers 400 and queues nothing when the signature does not verify', async () => {
    const event = accountUpdated('acct_whoever');
    const body = JSON.stringify(event);

    const wrongSecret = await postWebhook(testApp, body, signStripeWebhook(body, 'whsec_not_ours'));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ status: 'error', error: 'Invalid webhook signature' });

    const tampered = await postWebhook(testApp, body.replace('acct_whoever', 'acct_other'), signStripeWebhook(body, secret));
    expect(tampered.statusCode).toBe(400);

    const tooOld = Math.floor(Date.now() / 1000) - 10 * 60;
    expect((await postWebhook(testApp, body, signStripeWebhook(body, secret, tooOld))).statusCode).toBe(400);
    expect((await postWebhook(testApp, body)).statusCode).toBe(400);
    expect((await postWebhook(testApp, body, 'garbage')).statusCode).toBe(400);

    expect(await queue.getJob(event.id)).toBeUndefined();
  });

  it('queues a signed event once however often it is delivered, and the worker syncs the payout account', async () => {
    const { accountId } = await gateway.createConnectedAccount({ email: 'hook@example.com', idempotencyKey: `hook-${Date.now()}` });
    const event = accountUpdated(accountId);
    const body = JSON.stringify(event);

    const first = await postWebhook(testApp, body, signStripeWebhook(body, secret));
    const redelivered = await postWebhook(testApp, body, signStripeWebhook(body, secret));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success' });
    expect(redelivered.statusCode).toBe(200);

    const job = await finishedJob(queue, event.id);
    expect(job.name).toBe(HANDLE_GATEWAY_EVENT_JOB);
    expect(job.data).toMatchObject({ id: event.id, type: 'account.updated', accountId });
    expect(job.returnvalue).toEqual({ outcome: 'handled' });
    const jobs = await queue.getJobs(['completed', 'waiting', 'active', 'delayed', 'failed']);
    expect(jobs.filter((queued) => queued.data.id === event.id)).toHaveLength(1);
    expect(synced.filter((command) => command.accountId === accountId)).toEqual([
      new SyncPayoutAccount(accountId, false, false, false),
    ]);
  });

  it('acknowledges event types it does not handle and ignores them', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }) as Event;
    const body = JSON.stringify(event);
    expect((await postWebhook(testApp, body, signStripeWebhook(body, secret))).statusCode).toBe(200);
    const job = await finishedJob(queue, event.id);
    expect(job.returnvalue).toMatchObject({ outcome: 'ignored' });
  });

  it('finishes as skipped an account.updated for an account the provider does not know', async () => {
    const event = accountUpdated('acct_gone');
    const body = JSON.stringify(event);
    expect((await postWebhook(testApp, body, signStripeWebhook(body, secret))).statusCode).toBe(200);
    const job = await finishedJob(queue, event.id);
    expect(job.returnvalue).toMatchObject({ outcome: 'skipped' });
    expect(job.attemptsMade).toBeLessThanOrEqual(1);
  });

  it('finishes as skipped, instead of failing forever, while no module handles SyncPayoutAccount', async () => {
    const { accountId } = await gateway.createConnectedAccount({ email: 'nohandler@example.com', idempotencyKey: `nh-${Date.now()}` });
    // A command bus with no handlers at all, whatever the onboarding module registers by now.
    const processor = new WebhookProcessor(new CommandBus(testApp.app.get(ModuleRef)), gateway);
    const event: HandleGatewayEventJob = {
      id: 'evt_no_handler',
      type: 'account.updated',
      accountId,
      createdUnixSeconds: 0,
      data: { id: accountId, object: 'account' },
    };
    const outcome: WebhookOutcome = await processor.process({ name: HANDLE_GATEWAY_EVENT_JOB, data: event } as Job);
    expect(outcome).toEqual({ outcome: 'skipped', reason: 'no handler for SyncPayoutAccount' });
  });
});

describe('Stripe webhooks with the Stripe gateway', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let queue: Queue<HandleGatewayEventJob>;
  let synced: SyncPayoutAccount[];

  beforeAll(async () => {
    fake = await FakeStripe.start();
    testApp = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_BASE: fake.url,
      STRIPE_CLIENT_ID: 'ca_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    queue = testApp.app.get(getQueueToken(WEBHOOKS_QUEUE));
    synced = recordCommands(testApp.app, SyncPayoutAccount);
  });

  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('verifies with STRIPE_WEBHOOK_SECRET and syncs the account as Stripe reports it now, not as the event said', async () => {
    fake.setAccount('acct_fake_hooked', { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    // An older event that arrives late: its flags are stale.
    const stale = { id: 'acct_fake_hooked', object: 'account', charges_enabled: false, payouts_enabled: false, details_submitted: false };
    const event = stripeEvent('account.updated', stale, { account: 'acct_fake_hooked' }) as Event;
    const body = JSON.stringify(event);

    expect((await postWebhook(testApp, body, signStripeWebhook(body, 'whsec_other'))).statusCode).toBe(400);
    expect((await postWebhook(testApp, body, signStripeWebhook(body, 'whsec_x'))).statusCode).toBe(200);

    const job = await finishedJob(queue, event.id);
    expect(job.returnvalue).toEqual({ outcome: 'handled' });
    expect(synced).toEqual([new SyncPayoutAccount('acct_fake_hooked', true, true, true)]);
    expect(fake.requestsTo('GET', '/v1/accounts/acct_fake_hooked')).toHaveLength(1);
  });
});
