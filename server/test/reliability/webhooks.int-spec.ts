import { sandboxWebhookSecret } from '../../src/infrastructure/payment-gateway/sandbox/sandbox.gateway';
import { signStripeWebhook, stripeEvent } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { handledInboxRow, postWebhook } from '../support/webhooks';
import { DatabaseDigests } from './database-digest';

/**
 * The provider-events tests cover a wrong signature, a stale timestamp, a re-serialized body, an
 * unknown event type and an account the provider does not know. This adds signed, well-formed money
 * events that name objects that are not ours: parked or skipped, never posted to the ledger.
 */
describe('signed provider events about objects that are not ours', () => {
  let testApp: TestApp;
  let connectSecret: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    connectSecret = sandboxWebhookSecret(testApp.config.appSecret, 'connect');
  });
  afterAll(() => testApp.close());

  const ledgerTables = async () => {
    const digest = await new DatabaseDigests(testApp.dataSource).take();
    return Object.fromEntries(Object.entries(digest).filter(([table]) => table.startsWith('payments.') || table.startsWith('statements.')));
  };

  it.each([
    ['charge.succeeded', { id: 'ch_not_ours', object: 'charge', amount: 150_699, status: 'succeeded', payment_intent: 'pi_not_ours' }],
    ['charge.refunded', { id: 'ch_not_ours', object: 'charge', amount: 150_699, amount_refunded: 150_699, payment_intent: 'pi_not_ours' }],
    ['charge.dispute.created', { id: 'dp_not_ours', object: 'dispute', charge: 'ch_not_ours', amount: 150_699, status: 'needs_response' }],
    ['payout.paid', { id: 'po_not_ours', object: 'payout', amount: 150_000, status: 'paid' }],
  ])('stores %s for an unknown object once, and posts nothing', async (type, object) => {
    const before = await ledgerTables();
    const event = stripeEvent(type, object, { account: 'acct_not_ours' });
    const body = JSON.stringify(event);
    const response = await postWebhook(testApp, body, signStripeWebhook(body, connectSecret), 'connect');
    expect(response.statusCode).toBe(200);
    await handledInboxRow(testApp, event.id as string, ['done', 'skipped', 'unhandled', 'failed']);
    expect(await ledgerTables()).toEqual(before);
  });
});
