import { randomUUID } from 'node:crypto';
import { AUTOPAY_MANDATE_VERSION } from '@rentwise/libs/autopay';
import { TENANT_PROCESSING_FEE_CENTS } from '@rentwise/libs/fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { MovableClock } from '../../src/infrastructure/clock/clock';
import { AutopayRunner } from '../../src/modules/payments/autopay/autopay-runner';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { SignedInClient } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { autopayRunsOf, autopayView, chargeDueRent, saveSandboxCard, tenantOnCardAutopay } from './autopay-support';
import { payRent, rentedHome, RentedHome, signIn, tokenizeCard } from './payment-support';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Autopay by card (issue 37, decision 0042) on the sandbox gateway, with the app's clock moved over
 * the months: a card saved through the provider's setup, charged off-session on the debit day once
 * and Paid at once; a decline is final for the month (never retried), the tenant is told why with a
 * link to pay by hand, and autopay stays on until a second failure in a row.
 */
describe('autopay by card', () => {
  let testApp: TestApp;
  let clock: MovableClock;
  let runner: AutopayRunner;
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    clock = testApp.clock as MovableClock;
    runner = testApp.app.get(AutopayRunner);
  });
  afterAll(() => testApp.close());

  const onCardAutopay = (cardNumber: string) => tenantOnCardAutopay(testApp, enable, { cardNumber });
  const runsOf = (home: RentedHome) => autopayRunsOf(testApp, home);
  const request = (client: SignedInClient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    testApp.request({ method, url, headers: client.headers, ...(payload && { payload }) });
  const turnOnWithCard = (client: SignedInClient, savedCardId: string) =>
    request(client, 'PUT', '/api/tenant/autopay', {
      method: { kind: 'card', savedCardId },
      daysBeforeDue: 3,
      amount: { kind: 'balance' },
      mandate: { accepted: true, version: AUTOPAY_MANDATE_VERSION },
    });

  /** The clock moves on, and the rent charging job runs (every 15 minutes in production). */
  const moveTo = async (at: number) => {
    clock.moveTo(new Date(Math.max(at, clock.now().getTime() + 1)));
    await chargeDueRent(testApp);
  };

  const emailTo = (address: string, subject: string | RegExp) =>
    waitFor(
      () =>
        testApp.mailbox
          .list()
          .find((email) => email.to.includes(address.toLowerCase()) && (typeof subject === 'string' ? email.subject === subject : subject.test(email.subject))),
      { what: `"${subject}" to ${address}` },
    );

  const cardPaymentsOf = async (home: RentedHome): Promise<number> =>
    (await testApp.dataSource.query(`SELECT count(*)::int AS n FROM payments.card_payments WHERE tenant_user_id = $1`, [home.tenant.userId]))[0].n;

  it('saves a card through the sandbox, then charges it off-session on the debit day, once with two runs at once: Paid at once', async () => {
    const { home, client, card, next } = await onCardAutopay('4242424242424242');
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    const view = (await autopayView(testApp, client)).autopay;
    // The fee is shown before anything is charged; the settings say the card.
    expect(view).toMatchObject({ cardOffered: true, cardFeeCents: TENANT_PROCESSING_FEE_CENTS, savedCards: [card], settings: { savedBankAccountId: null, bankName: null, last4: '4242' } });
    expect((await request(client, 'GET', '/api/tenant/cards')).json()).toEqual({ status: 'success', cards: [card] });
    // The standing authorization, rendered by the server, stored with where and how it was given.
    const [authorization] = await testApp.dataSource.query(
      `SELECT version, text, user_agent FROM payments.card_authorizations WHERE tenant_user_id = $1`,
      [home.tenant.userId],
    );
    expect(authorization).toMatchObject({ version: AUTOPAY_MANDATE_VERSION, user_agent: 'AutopayTest/1.0' });
    expect(authorization.text).toContain('to charge my Visa card ending in 4242 every month, 3 days before rent is due on the 1st of the month');
    expect(authorization.text).toContain('plus the $6.99 card processing fee');

    await moveTo(new Date(next.debitAt).getTime() - 2 * DAY_MS);
    await runner.runAt(clock.now());
    await emailTo(home.tenant.email, /^Autopay will pay \$[\d,.]+ on /);

    await moveTo(new Date(next.debitAt).getTime() + MINUTE_MS);
    await Promise.all([runner.runAt(clock.now()), runner.runAt(clock.now())]);
    await runner.runAt(clock.now());
    expect(await runsOf(home)).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: 'succeeded',
        amount_cents: next.estimatedCents,
        payment_status: 'succeeded',
        charged_cents: next.estimatedCents + TENANT_PROCESSING_FEE_CENTS,
      }),
    ]);
    expect(await cardPaymentsOf(home)).toBe(1);
    const tenant = await signIn(testApp, home.tenant);
    const [automatic] = (await request(tenant, 'GET', '/api/tenant/payments')).json().rows;
    expect(automatic).toMatchObject({ status: 'succeeded', automatic: true });
    const receipt = (await request(tenant, 'GET', `/api/tenant/payments/${automatic.receiptId}`)).json().receipt;
    expect(receipt).toMatchObject({ status: 'Paid', automatic: true, paymentMethod: 'Visa •••• 4242' });

    // A card autopay pays with is kept until autopay changes; then it may go.
    const removing = await request(tenant, 'DELETE', `/api/tenant/cards/${card.id}`);
    expect(removing.statusCode).toBe(409);
    expect(removing.json().error).toBe(MESSAGES.savedCardUsedByAutopay);
    expect((await request(tenant, 'DELETE', '/api/tenant/autopay')).statusCode).toBe(200);
    expect((await request(tenant, 'DELETE', `/api/tenant/cards/${card.id}`)).statusCode).toBe(204);
    expect((await request(tenant, 'DELETE', `/api/tenant/cards/${card.id}`)).statusCode).toBe(404);
    expect((await request(tenant, 'GET', '/api/tenant/cards')).json().cards).toEqual([]);
  });

  it('takes the balance due on the day: a part paid by hand before is not charged again', async () => {
    const { home, client, next } = await onCardAutopay('5555555555554444');
    const card = await tokenizeCard(testApp, { number: '4242424242424242' });
    const byHand = await payRent(testApp, client, { amountCents: 50_000, paymentMethodId: card.json().id, idempotencyKey: randomUUID(), confirmRepeat: true });
    expect(byHand.statusCode).toBe(201);
    expect((await autopayView(testApp, client)).autopay.next.estimatedCents).toBe(next.estimatedCents - 50_000);

    await moveTo(new Date(next.debitAt).getTime() + MINUTE_MS);
    await runner.runAt(clock.now());
    expect(await runsOf(home)).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_cents: next.estimatedCents - 50_000, charged_cents: next.estimatedCents - 50_000 + TENANT_PROCESSING_FEE_CENTS }),
    ]);
  });

  it('does not retry a card declined off-session: the tenant is told why, with a link to pay by hand, and autopay stays on', async () => {
    const { home, next } = await onCardAutopay('4000000000000341'); // saved without trouble, every charge declined
    await moveTo(new Date(next.debitAt).getTime() + MINUTE_MS);
    await runner.runAt(clock.now());
    const [declined] = await runsOf(home);
    expect(declined).toMatchObject({ attempt: 1, status: 'declined', failure_code: 'card_declined', retry_after: null, payment_status: 'declined' });
    const email = await emailTo(home.tenant.email, /^Your automatic rent payment of \$[\d,.]+ did not go through$/);
    expect(email.text).toContain('Your card was declined.');
    expect(email.text).toContain('/tenant/payment');
    expect(email.text).toContain('Autopay stays on for next month.');

    // Days later, nothing was tried again, and autopay is still on for the next month.
    await moveTo(clock.now().getTime() + 4 * DAY_MS);
    await runner.runAt(clock.now());
    expect(await runsOf(home)).toHaveLength(1);
    expect(await cardPaymentsOf(home)).toBe(1);
    const after = (await autopayView(testApp, await signIn(testApp, home.tenant))).autopay;
    expect(after).toMatchObject({ isOn: true, turnedOffReason: null, recentPayments: [expect.objectContaining({ status: 'declined', failureMessage: 'Your card was declined.' })] });
    expect(after.next.period).not.toBe(next.period);
  });

  it('turns itself off after a second failure in a row, a card needing authentication off-session, and tells both sides', async () => {
    const { home, next } = await onCardAutopay('4000002760003184');
    await moveTo(new Date(next.debitAt).getTime() + MINUTE_MS);
    await runner.runAt(clock.now());
    expect(await runsOf(home)).toEqual([
      expect.objectContaining({ status: 'declined', failure_code: 'authentication_required', retry_after: null }),
    ]);
    const [{ failure_message }] = await testApp.dataSource.query(`SELECT failure_message FROM payments.autopay_runs WHERE tenant_user_id = $1`, [home.tenant.userId]);
    expect(failure_message).toBe('Your card was declined. This transaction requires authentication.');

    const second = (await autopayView(testApp, await signIn(testApp, home.tenant))).autopay;
    expect(second.isOn).toBe(true);
    await moveTo(new Date(second.next.debitAt).getTime() + MINUTE_MS);
    await runner.runAt(clock.now());
    expect((await runsOf(home)).map((run) => run.status)).toEqual(['declined', 'declined']);
    expect((await autopayView(testApp, await signIn(testApp, home.tenant))).autopay).toMatchObject({ isOn: false, turnedOffReason: 'failures', next: null });
    const tenantEmail = await emailTo(home.tenant.email, 'Autopay is off: please pay your rent by hand');
    expect(tenantEmail.text).toContain('with another card or bank account');
    await emailTo(home.landlord.email, 'Autopay is off for Sam Rivera');
  });

  it('refuses another tenant’s card, a removed one, one on another landlord’s account and a card its bank declines, changing nothing', async () => {
    const { home: owner, card: ownersCard } = await onCardAutopay('4242424242424242');
    const [{ payment_method_id: ownersPaymentMethod }] = await testApp.dataSource.query(`SELECT payment_method_id FROM payments.saved_cards WHERE id = $1`, [ownersCard.id]);
    const stranger: RentedHome = await rentedHome(testApp, enable);
    const client = await signIn(testApp, stranger.tenant);
    const save = (payload: object) => request(client, 'POST', '/api/tenant/cards', payload);
    expect((await request(client, 'POST', '/api/tenant/cards/setup')).statusCode).toBe(201);

    // Saving: another tenant's card (on another landlord's account), an id never issued, a SetupIntent the sandbox never made, a card declined.
    for (const payload of [{ paymentMethodId: ownersPaymentMethod }, { paymentMethodId: 'pm_sandbox_unknown' }, { setupIntentId: 'seti_123' }]) {
      const refused = await save(payload);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 402, body: { status: 'error', error: MESSAGES.cardNotAdded } });
    }
    const declined = await save({ paymentMethodId: (await tokenizeCard(testApp, { number: '4000000000000002' })).json().id });
    expect({ status: declined.statusCode, error: declined.json().error }).toEqual({ status: 402, error: 'Your card was declined.' });

    // Turning autopay on: another tenant's card, a removed card, one saved on another landlord's account.
    const removed = await saveSandboxCard(testApp, client, '5555555555554444');
    expect((await request(client, 'DELETE', `/api/tenant/cards/${removed.id}`)).statusCode).toBe(204);
    const elsewhere = await saveSandboxCard(testApp, client, '4242424242424242');
    // As a card saved while renting from the owner's landlord.
    await testApp.dataSource.query(`UPDATE payments.saved_cards SET connected_account_id = $2 WHERE id = $1`, [elsewhere.id, owner.accountId]);
    for (const savedCardId of [ownersCard.id, removed.id, elsewhere.id, randomUUID()]) {
      const refused = await turnOnWithCard(client, savedCardId);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 409, body: { status: 'error', error: MESSAGES.autopayNeedsCard } });
    }
    expect((await request(client, 'DELETE', `/api/tenant/cards/${ownersCard.id}`)).statusCode).toBe(404);

    expect((await autopayView(testApp, client)).autopay).toMatchObject({ isOn: false, settings: null, method: null, savedCards: [] });
    const [{ plans, authorizations }] = await testApp.dataSource.query(
      `SELECT (SELECT count(*)::int FROM payments.autopay_plans WHERE tenant_user_id = $1) AS plans,
              (SELECT count(*)::int FROM payments.card_authorizations WHERE tenant_user_id = $1) AS authorizations`,
      [stranger.tenant.userId],
    );
    expect({ plans, authorizations }).toEqual({ plans: 0, authorizations: 0 });
    // The owner's card is theirs still, and still in use.
    expect((await autopayView(testApp, await signIn(testApp, owner.tenant))).autopay).toMatchObject({ isOn: true, method: { savedCardId: ownersCard.id } });
  });
});
