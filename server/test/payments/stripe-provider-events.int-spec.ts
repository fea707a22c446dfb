import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Inbox } from '../../src/infrastructure/inbox/inbox';
import { PaymentGateway } from '../../src/modules/payments/gateways/payment-gateway.port';
import { ProviderReconciler } from '../../src/modules/payments/reconciliation/provider-reconciler';
import { RECONCILIATION_QUEUE, RECONCILIATION_SCHEDULE } from '../../src/modules/payments/reconciliation/reconcile-provider-balances.job';
import { createActiveUser, latestEmailTo, mailboxMark, signIn } from '../support/accounts';
import { FAKE_CONNECT_WEBHOOK_SECRET, FAKE_DISPUTE_FEE_CENTS, FAKE_EVIDENCE_DAYS, FakeStripe, FakeStripeEvent, signStripeWebhook, stripeEnvFor, stripeEvent } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { inboxRows, postWebhook } from '../support/webhooks';
import { payRent, rentedHome, RentedHome } from './payment-support';

/**
 * Provider events and reconciliation with the Stripe adapter: the real stripe SDK over HTTP against
 * the local fake of Stripe (STRIPE_API_BASE), events signed as Stripe signs them.
 */
describe('provider events with the Stripe gateway (real SDK, local fake)', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    testApp = await startTestApp(stripeEnvFor(fake));
    gateway = testApp.app.get(PaymentGateway);
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });
  afterEach(() => jest.restoreAllMocks());

  /** Posts each event to the Connect endpoint, signed with its secret, and returns their ids. */
  async function deliver(events: FakeStripeEvent[]): Promise<string[]> {
    const ids: string[] = [];
    for (const event of events) {
      const body = JSON.stringify(stripeEvent(event.type, event.object, { account: event.account }));
      const answer = await postWebhook(testApp, body, signStripeWebhook(body, FAKE_CONNECT_WEBHOOK_SECRET), 'connect');
      expect(answer.statusCode).toBe(200);
      ids.push(JSON.parse(body).id);
    }
    return ids;
  }

  async function handled(eventIds: string[]): Promise<void> {
    await waitFor(
      async () => {
        const rows = await testApp.dataSource.query(`SELECT status FROM infra.inbox WHERE provider_event_id = ANY($1)`, [eventIds]);
        return rows.length === eventIds.length && rows.every((row: { status: string }) => ['done', 'skipped', 'unhandled'].includes(row.status));
      },
      { what: `${eventIds.length} event(s) to be handled`, timeoutMs: 20_000 },
    );
  }

  async function paid(home: RentedHome): Promise<{ receiptId: string; chargeId: string; paymentIntentId: string }> {
    const client = await signIn(testApp, home.tenant);
    // Reconciliation tests pay twice for one home on purpose: confirmed, as the tenant would after 'Pay again?'.
    const body = { amountCents: 150_000, paymentMethodId: 'pm_card_visa', idempotencyKey: randomUUID(), confirmRepeat: true };
    const response = await payRent(testApp, client, body);
    expect(response.statusCode).toBe(201);
    const [attempt] = await testApp.dataSource.query(
      `SELECT charge_id, payment_intent_id FROM payments.card_payments WHERE ledger_transaction_id = $1`,
      [response.json().payment.receiptId],
    );
    return { receiptId: response.json().payment.receiptId, chargeId: attempt.charge_id, paymentIntentId: attempt.payment_intent_id };
  }

  async function journalsOf(tenantUserId: string): Promise<{ kind: string; idempotency_key: string }[]> {
    return testApp.dataSource.query(
      `SELECT kind, idempotency_key FROM payments.ledger_transactions WHERE tenant_user_id = $1 ORDER BY recorded_at, id`,
      [tenantUserId],
    );
  }

  it('refuses a wrong secret, a re-serialized body and a stale signature on the Connect endpoint, storing nothing', async () => {
    const event = stripeEvent('charge.refunded', { id: 'ch_whoever', object: 'charge' }, { account: 'acct_whoever' });
    const body = JSON.stringify(event);
    const refused = [
      await postWebhook(testApp, body, signStripeWebhook(body, 'whsec_not_ours'), 'connect'),
      await postWebhook(testApp, body, signStripeWebhook(body, 'whsec_platform_test'), 'connect'),
      await postWebhook(testApp, JSON.stringify(event, null, 2), signStripeWebhook(body, FAKE_CONNECT_WEBHOOK_SECRET), 'connect'),
      await postWebhook(testApp, body, signStripeWebhook(body, FAKE_CONNECT_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301), 'connect'),
      await postWebhook(testApp, body, undefined, 'connect'),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(await inboxRows(testApp, String(event.id))).toEqual([]);
  });

  it('reads charges, payment intents, refunds, disputes, payouts and balance transactions on the connected account', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const { chargeId, paymentIntentId } = await paid(home);
    const { refundId } = fake.refund(home.accountId, chargeId, 50_000);
    const { disputeId } = fake.openDispute(home.accountId, chargeId);
    const { payoutId, amount } = fake.payOut(home.accountId);

    const intent = await gateway.retrievePaymentIntent(home.accountId, paymentIntentId);
    expect(intent).toMatchObject({ status: 'succeeded', latestChargeId: chargeId, metadata: { cardPaymentId: expect.any(String) }, failure: null });

    const charge = await gateway.retrieveCharge(home.accountId, chargeId);
    expect(charge).toMatchObject({
      chargeId,
      paymentIntentId,
      status: 'succeeded',
      amountCents: 150_699,
      platformFeeCents: 699,
      balanceTransactionId: expect.stringMatching(/^txn_fake_/),
      processorFeeCents: fake.chargeOf(paymentIntentId).stripeFee,
      card: { brand: 'visa', last4: '4242' },
      refunds: [{ refundId, chargeId, amountCents: 50_000, status: 'succeeded', createdAt: expect.any(Date) }],
    });

    const dispute = await gateway.retrieveDispute(home.accountId, disputeId);
    expect(dispute).toMatchObject({ chargeId, amountCents: 150_699, status: 'open', movements: [{ amountCents: -150_699, feeCents: FAKE_DISPUTE_FEE_CENTS }] });
    // Stripe's evidence_details.due_by: what the landlord's disputed-after-refund email gives as the deadline.
    expect(dispute.evidenceDueBy!.getTime() - dispute.movements[0].createdAt.getTime()).toBe(FAKE_EVIDENCE_DAYS * 24 * 3600 * 1000);

    expect(await gateway.retrievePayout(home.accountId, payoutId)).toMatchObject({ payoutId, amountCents: amount, status: 'paid' });
    const lines = await gateway.listBalanceTransactions(home.accountId, { payoutId });
    expect(lines.map((line) => [line.kind, line.chargeId])).toEqual(
      expect.arrayContaining([
        ['charge', chargeId],
        ['refund', chargeId],
        ['dispute', chargeId],
        ['payout', null],
      ]),
    );
    const inRange = await gateway.listBalanceTransactions(home.accountId, { createdFrom: new Date(Date.now() - 60_000), createdTo: new Date(Date.now() + 60_000) });
    expect(inRange).toHaveLength(4);

    // Every read went to the connected account; another account does not see the objects.
    const reads = fake.requests.filter((request) => request.method === 'GET' && /^\/v1\/(charges|payment_intents|refunds|disputes|payouts|balance_transactions)/.test(request.path));
    expect(new Set(reads.map((request) => request.stripeAccount))).toEqual(new Set([home.accountId]));
    await expect(gateway.retrieveCharge('acct_someone_else', chargeId)).rejects.toThrow(/No such charge/);
  });

  it('reads a charge with its refunds in one request, and lists them in full only when Stripe says there are more', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const { chargeId } = await paid(home);
    const refundReads = () => fake.requests.filter((request) => request.method === 'GET' && request.path === '/v1/refunds').length;
    const before = refundReads();
    fake.refund(home.accountId, chargeId, 1_000);
    expect((await gateway.retrieveCharge(home.accountId, chargeId)).refunds).toHaveLength(1);
    expect(refundReads()).toBe(before);

    for (let refund = 2; refund <= 12; refund++) fake.refund(home.accountId, chargeId, 1_000);
    const charge = await gateway.retrieveCharge(home.accountId, chargeId);
    expect(charge.refunds).toHaveLength(12);
    expect(new Set(charge.refunds.map((refund) => refund.refundId)).size).toBe(12);
    expect(refundReads()).toBe(before + 1);
  });

  it('leaves one journal when the handler crashes after posting and before acknowledging, once the event is retried', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const { chargeId } = await paid(home);
    const acknowledge = jest.spyOn(Inbox.prototype, 'acknowledge').mockRejectedValueOnce(new Error('worker killed before the mark'));
    const { events } = fake.refund(home.accountId, chargeId, 50_000);
    const ids = await deliver(events);
    await handled(ids);
    expect(acknowledge).toHaveBeenCalled();

    const refunds = (await journalsOf(home.tenant.userId)).filter((journal) => journal.kind === 'refund');
    expect(refunds).toEqual([{ kind: 'refund', idempotency_key: expect.stringMatching(new RegExp(`^refund:${home.accountId}/re_fake_`)) }]);
    const retried = await testApp.dataSource.query(`SELECT status FROM infra.inbox WHERE provider_event_id = ANY($1) AND attempts > 1`, [ids]);
    expect(retried).toEqual([{ status: 'done' }]);
  });

  describe('daily reconciliation of the provider balance with the ledger', () => {
    async function report() {
      const operator = await createActiveUser(testApp, { type: 'operator' });
      const client = await signIn(testApp, operator);
      const answer = await testApp.request({ method: 'GET', url: '/api/operator/reconciliation', headers: client.headers });
      expect(answer.statusCode).toBe(200);
      return answer.json() as { lastRunAt: string | null; differences: Record<string, unknown>[] };
    }

    it('finds nothing when every balance transaction has its journal', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      const { chargeId } = await paid(home);
      await handled(await deliver(fake.refund(home.accountId, chargeId, 20_000).events));

      const result = await testApp.app.get(ProviderReconciler).reconcileAccount(home.accountId);
      expect(result).toMatchObject({ providerLines: 2, journals: 2, differences: [] });
    });

    it('reports a journal whose balance transaction Stripe lost, and a refund our ledger never heard of', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      const first = await paid(home);
      const second = await paid(home);
      // Stripe's side loses the first payment's line; the second is refunded with no event reaching us.
      const [lost] = fake.balanceTransactionIds(home.accountId);
      fake.forgetBalanceTransaction(lost);
      const { refundId, events: lateEvents } = fake.refund(home.accountId, second.chargeId, 30_000);

      await testApp.app.get(ProviderReconciler).reconcileAccount(home.accountId);
      const { lastRunAt, differences } = await report();
      expect(lastRunAt).toEqual(expect.any(String));
      const ours = differences.filter((difference) => difference.connectedAccountId === home.accountId);
      expect(ours).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'extra_journal',
            reference: `rent-payment:${home.accountId}/${first.chargeId}`,
            ledgerTransactionId: first.receiptId,
            ledgerAmountCents: 150_699,
            providerAmountCents: null,
          }),
          expect.objectContaining({
            kind: 'missing_journal',
            reference: `refund:${home.accountId}/${refundId}`,
            providerAmountCents: -30_000,
            ledgerAmountCents: null,
          }),
        ]),
      );
      expect(ours).toHaveLength(2);

      // The refund's event arrives late: the next run finds that difference put right and keeps the other.
      await handled(await deliver(lateEvents));
      await testApp.app.get(ProviderReconciler).reconcileAccount(home.accountId);
      const after = (await report()).differences.filter((difference) => difference.connectedAccountId === home.accountId);
      expect(after.map((difference) => difference.kind)).toEqual(['extra_journal']);
    });

    /** Starts a run as an operator would and waits for the job to finish; returns its result. */
    async function runAsOperator(operator: { email: string; password: string }): Promise<{ outcome: string; detail: string }> {
      const queue = testApp.app.get<Queue>(getQueueToken(RECONCILIATION_QUEUE));
      const startedAt = Date.now();
      const client = await signIn(testApp, operator);
      const started = await testApp.request({ method: 'POST', url: '/api/operator/reconciliation/runs', headers: client.headers });
      expect(started.statusCode).toBe(202);
      const job = await waitFor(
        async () => (await queue.getJobs(['completed'])).find((completed) => (completed.finishedOn ?? 0) >= startedAt),
        { what: 'the reconciliation job to finish', timeoutMs: 20_000 },
      );
      return job.returnvalue;
    }

    it('emails every operator the differences a run finds, with a link to the operator page', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      const first = await paid(home);
      const second = await paid(home);
      fake.forgetBalanceTransaction(fake.balanceTransactionIds(home.accountId)[0]);
      const { refundId } = fake.refund(home.accountId, second.chargeId, 30_000);
      const reconciler = testApp.app.get(ProviderReconciler);
      // Only this landlord's account, so the email's list is exactly its differences.
      jest.spyOn(reconciler, 'reconcileAll').mockImplementation(async () => [await reconciler.reconcileAccount(home.accountId)]);
      const operator = await createActiveUser(testApp, { type: 'operator', firstName: 'Olive' });
      const after = mailboxMark(testApp);

      const result = await runAsOperator(operator);
      expect(result.detail).toMatch(/^1 account\(s\), 2 difference\(s\), [1-9]\d* operator\(s\) emailed$/);
      const email = await latestEmailTo(testApp, operator.email, { after, what: 'the reconciliation email' });
      expect(email.subject).toBe('Reconciliation: 2 differences between Stripe and the ledger');
      expect(email.text).toContain('Hi Olive,');
      expect(email.text).toContain(`Extra journal: rent-payment:${home.accountId}/${first.chargeId} (account ${home.accountId}), Stripe none, ledger $1,506.99`);
      expect(email.text).toContain(`Missing journal: refund:${home.accountId}/${refundId} (account ${home.accountId}), Stripe -$300.00, ledger none`);
      const pageUrl = new URL('/operator/reconciliation', testApp.config.env.PUBLIC_URL).toString();
      expect(email.text).toContain(`Open the reconciliation page: ${pageUrl}`);
      expect(email.html).toContain(`href="${pageUrl}"`);
      // Operators only: the landlord whose money it is hears nothing of it.
      const recipients = testApp.mailbox.list().filter((sent) => sent.id > after && sent.subject.startsWith('Reconciliation:')).flatMap((sent) => sent.to);
      expect(recipients).toContain(operator.email.toLowerCase());
      expect(recipients).not.toContain(home.landlord.email.toLowerCase());
    });

    it('sends no email when a run finds nothing', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      const { chargeId } = await paid(home);
      await handled(await deliver(fake.refund(home.accountId, chargeId, 20_000).events));
      const reconciler = testApp.app.get(ProviderReconciler);
      jest.spyOn(reconciler, 'reconcileAll').mockImplementation(async () => [await reconciler.reconcileAccount(home.accountId)]);
      const operator = await createActiveUser(testApp, { type: 'operator' });
      const after = mailboxMark(testApp);
      const startedAt = new Date();

      expect((await runAsOperator(operator)).detail).toBe('1 account(s), 0 difference(s), 0 operator(s) emailed');
      // The email would have been an outbox row written before the job finished.
      const queued = await testApp.dataSource.query(
        `SELECT 1 FROM infra.outbox WHERE created_at >= $1 AND payload->>'subject' LIKE 'Reconciliation:%'`,
        [startedAt],
      );
      expect(queued).toEqual([]);
      // Only this operator's mail: the run before emailed every operator there was then, and those
      // emails may still be arriving.
      const ours = testApp.mailbox.list().filter((sent) => sent.id > after && sent.to.includes(operator.email.toLowerCase()));
      expect(ours.filter((sent) => sent.subject.startsWith('Reconciliation:'))).toEqual([]);
    });

    it('runs every day as a repeatable job, and an operator can run it at once', async () => {
      const queue = testApp.app.get<Queue>(getQueueToken(RECONCILIATION_QUEUE));
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toEqual([expect.objectContaining({ key: RECONCILIATION_SCHEDULE.id, pattern: '0 4 * * *' })]);

      const operator = await createActiveUser(testApp, { type: 'operator' });
      const client = await signIn(testApp, operator);
      const before = (await report()).lastRunAt;
      const started = await testApp.request({ method: 'POST', url: '/api/operator/reconciliation/runs', headers: client.headers });
      expect(started.statusCode).toBe(202);
      await waitFor(async () => (await report()).lastRunAt !== before, { what: 'the reconciliation run to finish', timeoutMs: 20_000 });

      const landlord = await rentedHome(testApp, fake.enableCharges);
      const asLandlord = await signIn(testApp, landlord.landlord);
      expect((await testApp.request({ method: 'GET', url: '/api/operator/reconciliation', headers: asLandlord.headers })).statusCode).toBe(403);
    });
  });
});
