import { MESSAGES } from '@rentwise/libs/messages';
import { randomUUID } from 'node:crypto';
import { AuthorizeNetSandbox } from '../../src/modules/payments/gateways/sandbox/authorize-net/authorize-net.sandbox';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { SandboxBankDebits } from '../../src/modules/payments/gateways/sandbox/sandbox-bank-debits';
import { SandboxMoney } from '../../src/modules/payments/gateways/sandbox/sandbox-money';
import { mailboxMark, SignedInClient } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { putOnAuthorizeNet } from '../support/authorize-net-accounts';
import { Clock, MovableClock } from '../../src/infrastructure/clock/clock';
import { RecordAuthorizeNetBatches } from '../../src/modules/payments/contracts/record-authorize-net-batches.command';
import { CommandBus } from '@nestjs/cqrs';
import { waitFor } from '../support/wait-for';
import {
  anotherTenantOf,
  journalsOf,
  payFromSandboxBank,
  payRent,
  providerEventsHandled,
  rentedHome,
  RentedHome,
  signIn,
  tokenizeCard,
} from './payment-support';

const CHARGED_CENTS = 150_699;

/**
 * A landlord refunds a payment from its receipt (issue 38, decision 0044), on the offline sandboxes:
 * Stripe's (cards and bank debits, its events signed to our own endpoint) and Authorize.Net's.
 */
describe('landlords refund payments from Rentwise (sandbox gateways)', () => {
  let testApp: TestApp;
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  interface Paid {
    home: RentedHome;
    landlord: SignedInClient;
    tenant: SignedInClient;
    receiptId: string;
  }

  /** A tenant of a new home paid $1,500 (and the $6.99 fee) by card; both are signed in. */
  async function paidByCard(home?: RentedHome): Promise<Paid> {
    const rented = home ?? (await rentedHome(testApp, enable));
    const tenant = await signIn(testApp, rented.tenant);
    const paymentMethodId = (await tokenizeCard(testApp, { number: '4242424242424242' })).json().id;
    const response = await payRent(testApp, tenant, { amountCents: 150_000, paymentMethodId, idempotencyKey: randomUUID(), confirmRepeat: true });
    expect(response.statusCode).toBe(201);
    return { home: rented, tenant, landlord: await signIn(testApp, rented.landlord), receiptId: response.json().payment.receiptId };
  }

  function refund(paid: Pick<Paid, 'landlord' | 'receiptId'>, amountCents: number, idempotencyKey = randomUUID(), reason = 'Overcharged for April') {
    return testApp.request({
      method: 'POST',
      url: `/api/landlord/payments/${paid.receiptId}/refunds`,
      headers: paid.landlord.headers,
      payload: { amountCents, reason, idempotencyKey },
    });
  }

  const receiptOf = async (paid: Paid, who: 'tenant' | 'landlord') =>
    (await testApp.request({ method: 'GET', url: `/api/${who}/payments/${paid.receiptId}`, headers: paid[who].headers })).json().receipt;

  const refundJournals = async (paid: Paid) => (await journalsOf(testApp, paid.home.tenant.userId)).filter((journal) => journal.kind === 'refund');

  it('refunds all of a card payment: one refund journal from the landlord’s balance, our fee kept, Refunded everywhere', async () => {
    const paid = await paidByCard();
    const before = await receiptOf(paid, 'landlord');
    expect(before.refundOption).toEqual({
      chargedCents: CHARGED_CENTS,
      refundedCents: 0,
      leftCents: CHARGED_CENTS,
      platformFeeCents: 699,
      processorFeeCents: expect.any(Number),
      refusal: null,
    });

    const response = await refund(paid, CHARGED_CENTS);
    expect(response.statusCode).toBe(201);
    expect(response.json().refund).toMatchObject({ receiptId: paid.receiptId, amountCents: CHARGED_CENTS, way: 'refund', status: 'succeeded', created: true });
    // The sandbox's own refund events arrive through the inbox too, and find the journal posted.
    await providerEventsHandled(testApp, paid.home.accountId, 4);

    const journals = await refundJournals(paid);
    expect(journals).toEqual([
      expect.objectContaining({
        corrects_transaction_id: paid.receiptId,
        idempotency_key: expect.stringMatching(/^refund:acct_sandbox_\w+\/re_sandbox_\w+$/),
        entries: { tenant_card: CHARGED_CENTS, landlord_payable: -CHARGED_CENTS },
      }),
    ]);
    const [sandboxRefund] = await testApp.dataSource.query(`SELECT idempotency_key FROM infra.sandbox_refunds WHERE account_id = $1`, [paid.home.accountId]);
    expect(sandboxRefund.idempotency_key).toBe(`refund:${response.json().refund.refundId}`);

    for (const who of ['tenant', 'landlord'] as const) {
      const receipt = await receiptOf(paid, who);
      expect(receipt).toMatchObject({
        status: 'Refunded',
        refundedCents: CHARGED_CENTS,
        refunds: [{ amountCents: CHARGED_CENTS, refundedAt: expect.any(String), reason: 'Overcharged for April' }],
      });
    }
    expect((await receiptOf(paid, 'landlord')).refundOption).toMatchObject({ leftCents: 0, refusal: MESSAGES.refundFullyRefunded });
    const history = await testApp.request({ method: 'GET', url: '/api/tenant/payments', headers: paid.tenant.headers });
    expect(history.json().rows).toEqual([expect.objectContaining({ receiptId: paid.receiptId, status: 'refunded' })]);
  });

  it('refunds part, then part again, then refuses more than is left, saying how much is left', async () => {
    const paid = await paidByCard();
    expect((await refund(paid, 50_000)).statusCode).toBe(201);
    expect((await receiptOf(paid, 'tenant')).status).toBe('Partly refunded');
    const history = await testApp.request({ method: 'GET', url: '/api/tenant/payments', headers: paid.tenant.headers });
    expect(history.json().rows).toEqual([expect.objectContaining({ status: 'partly_refunded' })]);

    expect((await refund(paid, 70_000, randomUUID(), 'Repairs not done')).statusCode).toBe(201);
    const over = await refund(paid, 30_700);
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe('You can refund at most $306.99 of this payment. Please enter $306.99 or less.');

    expect((await refundJournals(paid)).map((journal) => journal.entries.tenant_card)).toEqual([50_000, 70_000]);
    const receipt = await receiptOf(paid, 'landlord');
    expect(receipt).toMatchObject({
      status: 'Partly refunded',
      refundedCents: 120_000,
      refunds: [
        { amountCents: 50_000, reason: 'Overcharged for April' },
        { amountCents: 70_000, reason: 'Repairs not done' },
      ],
      refundOption: { leftCents: 30_699, refusal: null },
    });
    expect((await refund(paid, 30_699)).statusCode).toBe(201);
    expect((await receiptOf(paid, 'tenant')).status).toBe('Refunded');
  });

  it('answers a second click with the same key with the first refund, and refunds once', async () => {
    const paid = await paidByCard();
    const key = randomUUID();
    const [first, second] = await Promise.all([refund(paid, 20_000, key), refund(paid, 20_000, key)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().refund.refundId).toBe(second.json().refund.refundId);
    const third = await refund(paid, 20_000, key);
    expect(third.statusCode).toBe(200);
    expect(third.json().refund).toMatchObject({ refundId: first.json().refund.refundId, created: false });
    // The same key with another amount is someone else's request.
    expect((await refund(paid, 30_000, key)).statusCode).toBe(422);

    expect(await refundJournals(paid)).toHaveLength(1);
    const [{ count }] = await testApp.dataSource.query(`SELECT count(*)::int FROM infra.sandbox_refunds WHERE account_id = $1`, [paid.home.accountId]);
    expect(count).toBe(1);
  });

  it('never refunds more than was paid when refunds with different keys come at once', async () => {
    const paid = await paidByCard();
    const answers = await Promise.all(Array.from({ length: 4 }, () => refund(paid, 60_000)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 400, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json().error).toMatch(/^You can refund at most \$306\.99 of this payment/);
    expect((await refundJournals(paid)).reduce((sum, journal) => sum + journal.entries.tenant_card, 0)).toBe(120_000);
  });

  it('emails the tenant once what was refunded of which payment, and why', async () => {
    const paid = await paidByCard();
    // The tenant's invitation and receipt first: the refund's email is the one after them.
    await waitFor(() => testApp.mailbox.list().find((sent) => sent.to.includes(paid.home.tenant.email) && sent.subject.startsWith('Your rent payment of')), {
      what: 'the receipt email',
    });
    const mark = mailboxMark(testApp);
    expect((await refund(paid, 10_000, randomUUID(), 'Plumber visit was cancelled')).statusCode).toBe(201);
    const email = await waitFor(
      () => testApp.mailbox.list().find((sent) => sent.id > mark && sent.to.includes(paid.home.tenant.email) && sent.subject.includes('refunded')),
      { what: 'the refund email' },
    );
    expect(email.subject).toBe('Dana Whitaker refunded $100.00 of your rent payment');
    expect(email.text).toMatch(/Your landlord refunded \$100\.00 of your payment of \$1,506\.99 on \w{3} \d{1,2}, \d{4}: Plumber visit was cancelled/);
    expect(email.text).toContain('With it, your payment comes to $1,406.99.');
    await providerEventsHandled(testApp, paid.home.accountId, 4);
    // This tenant's only: the test before refunds another tenant twice, and under load its emails can
    // still be on their way after the mark.
    expect(testApp.mailbox.list().filter((sent) => sent.id > mark && sent.to.includes(paid.home.tenant.email) && sent.subject.includes('refunded'))).toHaveLength(1);
  });

  it('posts the refund once when its provider events are delivered again, whatever came first', async () => {
    const paid = await paidByCard();
    expect((await refund(paid, 25_000)).statusCode).toBe(201);
    const [charge] = await testApp.dataSource.query(`SELECT id FROM infra.sandbox_charges WHERE account_id = $1`, [paid.home.accountId]);
    // A second refund made in the sandbox's own tools, its events doubled and reversed: one journal each.
    await testApp.app.get(SandboxMoney).refund(paid.home.accountId, charge.id, 5_000, { duplicate: true, reverse: true });
    // Six events in all: the payment's two, and two per refund (each delivered twice, stored once).
    await providerEventsHandled(testApp, paid.home.accountId, 6);
    const journals = await refundJournals(paid);
    expect(journals.map((journal) => journal.entries.tenant_card).sort()).toEqual([25_000, 5_000].sort());
    // The one from the provider's own tools has no reason; ours has.
    expect((await receiptOf(paid, 'tenant')).refunds).toEqual([
      expect.objectContaining({ amountCents: 25_000, reason: 'Overcharged for April' }),
      expect.objectContaining({ amountCents: 5_000, reason: null }),
    ]);
    const over = await refund(paid, 120_700);
    expect(over.json().error).toMatch(/at most \$1,206\.99/);
  });

  it('answers 404 for another landlord’s payment, and for a tenant asking, and changes nothing', async () => {
    const paid = await paidByCard();
    const stranger = await rentedHome(testApp, enable);
    const strangerClient = await signIn(testApp, stranger.landlord);
    const answer = await refund({ landlord: strangerClient, receiptId: paid.receiptId }, 10_000);
    expect(answer.statusCode).toBe(404);
    expect((await refund({ landlord: strangerClient, receiptId: 'not-a-receipt' }, 10_000)).statusCode).toBe(404);
    const asTenant = await refund({ landlord: paid.tenant, receiptId: paid.receiptId }, 10_000);
    expect(asTenant.statusCode).toBe(403);
    expect(await refundJournals(paid)).toEqual([]);
    const [{ count }] = await testApp.dataSource.query(`SELECT count(*)::int FROM payments.refunds WHERE payment_transaction_id = $1`, [paid.receiptId]);
    expect(count).toBe(0);
  });

  it('refuses a disputed payment', async () => {
    const paid = await paidByCard();
    const [charge] = await testApp.dataSource.query(`SELECT id FROM infra.sandbox_charges WHERE account_id = $1`, [paid.home.accountId]);
    await testApp.app.get(SandboxMoney).openDispute(paid.home.accountId, charge.id);
    await providerEventsHandled(testApp, paid.home.accountId, 4);
    const answer = await refund(paid, 10_000);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe(MESSAGES.refundDisputed);
  });

  describe('bank payments', () => {
    it('refuses a bank payment until it settles, then refunds it as a card’s; a failed one never', async () => {
      const home = await rentedHome(testApp, enable);
      const tenant = await signIn(testApp, home.tenant);
      const landlord = await signIn(testApp, home.landlord);
      const sent = await payFromSandboxBank(testApp, home, tenant, { accountNumber: '000123456789', amountCents: 150_000 });
      expect(sent.statusCode).toBe(201);
      const paid = { home, tenant, landlord, receiptId: sent.json().payment.receiptId };

      const early = await refund(paid, 10_000);
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toBe(MESSAGES.refundBankNotSettled);
      expect((await receiptOf(paid, 'landlord')).refundOption.refusal).toBe(MESSAGES.refundBankNotSettled);

      const [attempt] = await testApp.dataSource.query(`SELECT charge_id FROM payments.card_payments WHERE ledger_transaction_id = $1`, [paid.receiptId]);
      await testApp.app.get(SandboxBankDebits).decide(home.accountId, attempt.charge_id, 'settle');
      await providerEventsHandled(testApp, home.accountId, 3);
      expect((await receiptOf(paid, 'landlord')).status).toBe('Paid');

      const answer = await refund(paid, 40_000);
      expect(answer.statusCode).toBe(201);
      expect(await refundJournals(paid)).toEqual([expect.objectContaining({ entries: { tenant_card: 40_000, landlord_payable: -40_000 } })]);
      expect((await receiptOf(paid, 'tenant')).status).toBe('Partly refunded');

      const other = await anotherTenantOf(testApp, home);
      const otherClient = await signIn(testApp, other);
      const failing = await payFromSandboxBank(testApp, home, otherClient, { accountNumber: '000111111113', amountCents: 150_000 });
      const [failedAttempt] = await testApp.dataSource.query(`SELECT charge_id FROM payments.card_payments WHERE ledger_transaction_id = $1`, [
        failing.json().payment.receiptId,
      ]);
      await testApp.app.get(SandboxBankDebits).decide(home.accountId, failedAttempt.charge_id, 'as_tested');
      await waitForStatus(landlord, failing.json().payment.receiptId, 'Failed');
      const refused = await refund({ landlord, receiptId: failing.json().payment.receiptId }, 10_000);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(MESSAGES.refundFailedPayment);
    });
  });

  async function waitForStatus(client: SignedInClient, receiptId: string, status: string): Promise<void> {
    await waitFor(
      async () => (await testApp.request({ method: 'GET', url: `/api/landlord/payments/${receiptId}`, headers: client.headers })).json().receipt?.status === status,
      { what: `the payment to be ${status}` },
    );
  }

  describe('Authorize.Net (its sandbox)', () => {
    async function paidOnAuthorizeNet(): Promise<Paid> {
      const home = await rentedHome(testApp, async () => {}, { payoutAccount: false });
      await putOnAuthorizeNet(testApp, home.landlord.userId);
      const tenant = await signIn(testApp, home.tenant);
      const { authorizeNetSetup } = (await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: tenant.headers })).json<{
        setup: { authorizeNetSetup: { apiLoginId: string; clientKey: string } };
      }>().setup;
      const nonce = await testApp.app
        .get(AuthorizeNetSandbox)
        .createNonce(
          { apiLoginID: authorizeNetSetup.apiLoginId, clientKey: authorizeNetSetup.clientKey },
          { cardNumber: '4111111111111111', month: '12', year: '2034', cardCode: '123' },
        );
      if (!('opaqueData' in nonce)) throw new Error('no nonce');
      const response = await testApp.request({
        method: 'POST',
        url: '/api/tenant/payments/direct',
        headers: tenant.headers,
        payload: { amountCents: 150_000, paymentNonce: nonce.opaqueData, card: { brand: 'visa', last4: '1111' }, idempotencyKey: randomUUID() },
      });
      expect(response.statusCode).toBe(201);
      return { home, tenant, landlord: await signIn(testApp, home.landlord), receiptId: response.json().payment.receiptId };
    }

    it('voids a payment not settled yet, in full only', async () => {
      const paid = await paidOnAuthorizeNet();
      const part = await refund(paid, 10_000);
      expect(part.statusCode).toBe(409);
      expect(part.json().error).toBe(MESSAGES.refundPartBeforeSettlement);

      const whole = await refund(paid, CHARGED_CENTS);
      expect(whole.statusCode).toBe(201);
      expect(whole.json().refund).toMatchObject({ way: 'void', status: 'succeeded' });
      expect(await refundJournals(paid)).toEqual([
        expect.objectContaining({ idempotency_key: expect.stringMatching(/^void:anet:\w+\/\d+$/), entries: { tenant_card: CHARGED_CENTS, landlord_payable: -CHARGED_CENTS } }),
      ]);
      expect(await receiptOf(paid, 'tenant')).toMatchObject({ status: 'Refunded', refunds: [{ amountCents: CHARGED_CENTS, reason: 'Overcharged for April' }] });
      // What Authorize.Net charges the landlord's own merchant account is between them: not known here.
      expect((await receiptOf(paid, 'landlord')).refundOption).toMatchObject({ processorFeeCents: null, leftCents: 0 });
    });

    it('refunds part of a settled payment to its card, twice, and no more than is left', async () => {
      const paid = await paidOnAuthorizeNet();
      await testApp.app.get(AuthorizeNetSandbox).settleBatch();
      expect((await refund(paid, 50_000)).json().refund).toMatchObject({ way: 'refund', status: 'succeeded' });
      expect((await refund(paid, 100_000)).statusCode).toBe(201);
      expect((await refund(paid, 700)).json().error).toMatch(/at most \$6\.99/);
      const journals = await refundJournals(paid);
      expect(journals.map((journal) => [journal.idempotency_key.replace(/anet:\w+\/\d+$/, 'anet:M/N'), journal.entries.tenant_card])).toEqual([
        ['refund:anet:M/N', 50_000],
        ['refund:anet:M/N', 100_000],
      ]);
      expect((await receiptOf(paid, 'landlord')).status).toBe('Partly refunded');
    });

    // Last: it moves the app's clock a day and a half on.
    it("settles on its own overnight: the day's batch shows once on the landlord's Payouts page", async () => {
      const paid = await paidOnAuthorizeNet();
      const clock = testApp.app.get(Clock) as MovableClock;
      clock.moveTo(new Date(clock.now().getTime() + 36 * 3600 * 1000));
      const record = () => testApp.app.get(CommandBus).execute(new RecordAuthorizeNetBatches());
      expect(await record()).toMatchObject({ failedAccounts: 0 });
      await record();
      // Signed in again: the session from before has lapsed a day and a half later.
      const landlord = await signIn(testApp, paid.home.landlord);
      const { payouts } = (await testApp.request({ method: 'GET', url: '/api/landlord/payouts', headers: landlord.headers })).json();
      expect(payouts).toEqual([
        expect.objectContaining({ amountCents: CHARGED_CENTS, status: 'paid', lines: [expect.objectContaining({ receiptId: paid.receiptId })] }),
      ]);
    });
  });
});
