import { FAKE_CONNECT_WEBHOOK_SECRET, FakeStripe, signStripeWebhook, stripeEnvFor, stripeEvent } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { handledInboxRow, postWebhook } from '../support/webhooks';
import { rentedHome, RentedHome } from '../payments/payment-support';
import { DatabaseDigest, DatabaseDigests } from './database-digest';

/**
 * Correctly signed payment events about money that is not ours (issue 17, bad input: webhooks naming
 * an unknown object): each is stored once and parked as 'skipped' with its reason, and no payments or
 * statements table changes. The handlers re-read every object from the provider, so an event's own
 * copy of a charge, refund, dispute or payout is never believed. (Wrong signatures, stale timestamps,
 * re-serialized bodies and unknown types are in the provider-events tests.)
 */
describe('signed provider events naming money that is not ours', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let home: RentedHome;
  let digests: DatabaseDigests;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    testApp = await startTestApp(stripeEnvFor(fake));
    home = await rentedHome(testApp, fake.enableCharges);
    // The projector's position follows the database's transaction ids, whatever is posted.
    digests = new DatabaseDigests(testApp.dataSource, new Set(['statements.projection_positions']));
    // In a fresh clone's order this file runs beside local-stack's initdb and server starts: its app's
    // start and the home's sign-ups took 15 to 35 s there (6 s alone). A guard against hangs, not a speed check.
  }, 90_000);
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  async function moneyTables(): Promise<DatabaseDigest> {
    const digest = await digests.take();
    return Object.fromEntries(Object.entries(digest).filter(([table]) => table.startsWith('payments.') || table.startsWith('statements.')));
  }

  async function deliver(type: string, object: Record<string, unknown>, account: string): Promise<string> {
    const event = stripeEvent(type, object, { account });
    const body = JSON.stringify(event);
    const answer = await postWebhook(testApp, body, signStripeWebhook(body, FAKE_CONNECT_WEBHOOK_SECRET), 'connect');
    expect(answer.statusCode).toBe(200);
    return String(event.id);
  }

  async function expectParked(eventIds: string[]): Promise<void> {
    for (const eventId of eventIds) {
      expect(await handledInboxRow(testApp, eventId)).toMatchObject({ status: 'skipped', outcome: expect.any(String) });
    }
  }

  const unknownObjects: [string, Record<string, unknown>][] = [
    ['charge.succeeded', { id: 'ch_not_ours', object: 'charge', amount: 150_699, status: 'succeeded', payment_intent: 'pi_not_ours' }],
    ['charge.refunded', { id: 'ch_not_ours', object: 'charge', amount: 150_699, amount_refunded: 150_699 }],
    ['charge.dispute.created', { id: 'dp_not_ours', object: 'dispute', charge: 'ch_not_ours', amount: 150_699, status: 'needs_response' }],
    ['payout.paid', { id: 'po_not_ours', object: 'payout', amount: 1_000_000, status: 'paid' }],
  ];

  it.each(unknownObjects)('parks %s for an object the provider does not know on our landlord’s account', async (type, object) => {
    const before = await moneyTables();
    await expectParked([await deliver(type, object, home.accountId)]);
    expect(await moneyTables()).toEqual(before);
  });

  it.each(unknownObjects)('parks %s for an account that is not a landlord of ours', async (type, object) => {
    const before = await moneyTables();
    await expectParked([await deliver(type, object, 'acct_not_a_landlord')]);
    expect(await moneyTables()).toEqual(before);
  });

  it('parks the events of a charge taken on our landlord’s account outside Rentwise, and of its refund', async () => {
    // The landlord's own Stripe account takes a card payment directly: no attempt of ours names it.
    const created = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_x', 'stripe-account': home.accountId, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '42000', currency: 'usd', payment_method: 'pm_card_visa', confirm: 'true' }).toString(),
    });
    expect(created.status).toBe(200);
    const paymentIntentId = ((await created.json()) as { id: string }).id;
    const { chargeId } = fake.chargeOf(paymentIntentId);
    const before = await moneyTables();

    const { events } = fake.refund(home.accountId, chargeId, 42_000);
    await expectParked([
      await deliver('charge.succeeded', { id: chargeId, object: 'charge', payment_intent: paymentIntentId }, home.accountId),
      ...(await Promise.all(events.map((event) => deliver(event.type, event.object, event.account)))),
    ]);
    expect(await moneyTables()).toEqual(before);
  });
});
