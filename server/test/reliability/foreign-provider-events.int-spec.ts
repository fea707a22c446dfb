import { FakeStripe, signStripeWebhook, stripeEvent } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { handledInboxRow, postWebhook } from '../support/webhooks';
import { rentedHome, RentedHome } from '../payments/payment-support';

const CONNECT_SECRET = 'whsec_connect_test';

/**
 * Correctly signed payment events about money that is not ours (issue 17, bad input: webhooks naming
 * an unknown object): each is parked as 'skipped' with its reason, and nothing reaches the ledger or
 * the Payouts page. The handlers re-read every object from the provider, so an event's own copy of a
 * charge, refund, dispute or payout is never believed.
 */
describe('signed provider events naming money that is not ours', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let home: RentedHome;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    testApp = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_API_BASE: fake.url,
      STRIPE_WEBHOOK_SECRET: 'whsec_platform_test',
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    });
    home = await rentedHome(testApp, async (accountId, chargesEnabled) => {
      fake.setAccount(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
    });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  async function deliver(type: string, object: Record<string, unknown>, account: string): Promise<string> {
    const event = stripeEvent(type, object, { account });
    const body = JSON.stringify(event);
    const answer = await postWebhook(testApp, body, signStripeWebhook(body, CONNECT_SECRET), 'connect');
    expect(answer.statusCode).toBe(200);
    return String(event.id);
  }

  async function moneyOfTheLandlord(): Promise<{ journals: number; payouts: number }> {
    const [{ journals }] = await testApp.dataSource.query(
      `SELECT count(*)::int AS journals FROM payments.ledger_transactions WHERE landlord_user_id = $1`,
      [home.landlord.userId],
    );
    const [{ payouts }] = await testApp.dataSource.query(
      `SELECT count(*)::int AS payouts FROM payments.payouts WHERE connected_account_id = $1`,
      [home.accountId],
    );
    return { journals, payouts };
  }

  it('parks a refund, a dispute and a payout the provider does not know, on our landlord’s account', async () => {
    const before = await moneyOfTheLandlord();
    const events = [
      await deliver('charge.refunded', { id: 'ch_not_ours', object: 'charge', amount: 150_699, amount_refunded: 150_699 }, home.accountId),
      await deliver('charge.dispute.created', { id: 'dp_not_ours', object: 'dispute', charge: 'ch_not_ours', amount: 150_699 }, home.accountId),
      await deliver('payout.paid', { id: 'po_not_ours', object: 'payout', amount: 1_000_000, status: 'paid' }, home.accountId),
    ];
    for (const eventId of events) {
      const row = await handledInboxRow(testApp, eventId);
      expect(row).toMatchObject({ status: 'skipped', outcome: expect.any(String) });
    }
    expect(await moneyOfTheLandlord()).toEqual(before);
  });

  it('parks events about an account that is not a landlord of ours', async () => {
    const eventId = await deliver('charge.refunded', { id: 'ch_elsewhere', object: 'charge' }, 'acct_not_a_landlord');
    expect(await handledInboxRow(testApp, eventId)).toMatchObject({ status: 'skipped' });
  });

  it('parks the refund of a charge made on our landlord’s account by someone else, not through Rentwise', async () => {
    // The landlord's own Stripe account takes a card payment outside Rentwise: no attempt of ours names it.
    const created = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_x', 'stripe-account': home.accountId, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '42000', currency: 'usd', payment_method: 'pm_card_visa', confirm: 'true' }).toString(),
    });
    expect(created.status).toBe(200);
    const paymentIntentId = ((await created.json()) as { id: string }).id;
    const { chargeId } = fake.chargeOf(paymentIntentId);
    const before = await moneyOfTheLandlord();

    const { events } = fake.refund(home.accountId, chargeId, 42_000);
    const eventIds = [
      await deliver('charge.succeeded', { id: chargeId, object: 'charge', payment_intent: paymentIntentId }, home.accountId),
      ...(await Promise.all(events.map((event) => deliver(event.type, event.object, event.account)))),
    ];
    for (const eventId of eventIds) {
      const row = await handledInboxRow(testApp, eventId);
      expect(row.status).toBe('skipped');
    }
    expect(await moneyOfTheLandlord()).toEqual(before);
  });
});
