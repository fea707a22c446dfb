import { randomUUID } from 'node:crypto';
import { Inbox } from '../../src/infrastructure/inbox/inbox';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { SANDBOX_EVIDENCE_DAYS, SandboxMoney } from '../../src/modules/payments/gateways/sandbox/sandbox-money';
import { ChargeSettlement } from '../../src/modules/payments/card-payments/charge-settlement';
import { DISPUTED_AFTER_REFUND_EMAILS_QUEUE } from '../../src/modules/payments/emails/send-disputed-after-refund-email.job';
import { createActiveUser, latestEmailTo, mailboxMark } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { journalsOf, payRent, providerEventsHandled, rentedHome, RentedHome, signIn, tokenizeCard } from './payment-support';

describe('provider events reach the ledger exactly once (sandbox gateway, events signed to our own endpoint)', () => {
  let testApp: TestApp;
  let money: SandboxMoney;
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    money = testApp.app.get(SandboxMoney);
  });
  afterAll(() => testApp.close());
  afterEach(() => jest.restoreAllMocks());

  /** Every provider event about the account has been worked (none pending in the inbox or the outbox). */
  async function paid(home: RentedHome, idempotencyKey = randomUUID()) {
    const client = await signIn(testApp, home.tenant);
    const paymentMethodId = (await tokenizeCard(testApp, { number: '4242424242424242' })).json().id;
    // The payout test pays twice for one home on purpose: confirmed, as the tenant would after 'Pay again?'.
    const response = await payRent(testApp, client, { amountCents: 150_000, paymentMethodId, idempotencyKey, confirmRepeat: true });
    return { client, response, paymentMethodId, idempotencyKey };
  }

  async function chargeIdOf(accountId: string): Promise<string> {
    const [row] = await testApp.dataSource.query(`SELECT id FROM infra.sandbox_charges WHERE account_id = $1`, [accountId]);
    return row.id;
  }

  it('posts one journal for the synchronous confirm, payment_intent.succeeded and charge.succeeded', async () => {
    const home = await rentedHome(testApp, enable);
    const { response } = await paid(home);
    expect(response.statusCode).toBe(201);
    await providerEventsHandled(testApp, home.accountId, 2);

    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals).toEqual([expect.objectContaining({ kind: 'rent_payment', id: response.json().payment.receiptId })]);
    const rows = await testApp.dataSource.query(`SELECT type, status FROM infra.inbox WHERE account_id = $1 AND type <> 'account.updated' ORDER BY type`, [home.accountId]);
    expect(rows).toEqual([
      { type: 'charge.succeeded', status: 'done' },
      { type: 'payment_intent.succeeded', status: 'done' },
    ]);
  });

  it('posts the charge from its events when the synchronous answer was lost, and the retried request finds it', async () => {
    const home = await rentedHome(testApp, enable);
    const record = jest.spyOn(ChargeSettlement.prototype, 'record').mockRejectedValueOnce(new Error('connection lost after the charge'));
    const first = await paid(home);
    expect(first.response.statusCode).toBe(500);
    record.mockRestore();
    await providerEventsHandled(testApp, home.accountId, 2);

    const [journal] = await journalsOf(testApp, home.tenant.userId);
    expect(journal).toMatchObject({ kind: 'rent_payment', entries: { tenant_card: -150_699 } });
    const again = await payRent(testApp, first.client, {
      amountCents: 150_000,
      paymentMethodId: first.paymentMethodId,
      idempotencyKey: first.idempotencyKey,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.receiptId).toBe(journal.id);
    expect(await journalsOf(testApp, home.tenant.userId)).toHaveLength(1);
  });

  it('posts a refund once, however its events are duplicated or reordered, and receipts and history say Refunded', async () => {
    const home = await rentedHome(testApp, enable);
    const { client, response } = await paid(home);
    const receiptId = response.json().payment.receiptId;
    await money.refund(home.accountId, await chargeIdOf(home.accountId), undefined, { duplicate: true, reverse: true });
    await providerEventsHandled(testApp, home.accountId, 4);

    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals).toEqual([
      expect.objectContaining({ kind: 'rent_payment' }),
      expect.objectContaining({
        kind: 'refund',
        corrects_transaction_id: receiptId,
        idempotency_key: expect.stringMatching(/^refund:acct_sandbox_\w+\/re_sandbox_\w+$/),
        // Our platform fee is kept (decision 0017): the landlord's account gives back the whole charge.
        entries: { tenant_card: 150_699, landlord_payable: -150_699 },
      }),
    ]);
    const history = await testApp.request({ method: 'GET', url: '/api/tenant/payments', headers: client.headers });
    expect(history.json().rows).toEqual([expect.objectContaining({ receiptId, status: 'refunded' })]);
    const receipt = await testApp.request({ method: 'GET', url: `/api/tenant/payments/${receiptId}`, headers: client.headers });
    expect(receipt.json().receipt).toMatchObject({ status: 'Refunded' });
  });

  it('holds a disputed payment with the dispute fee, and returns it to the card when the dispute is lost', async () => {
    const home = await rentedHome(testApp, enable);
    const { client, response } = await paid(home);
    const receiptId = response.json().payment.receiptId;
    const dispute = await money.openDispute(home.accountId, await chargeIdOf(home.accountId));
    await providerEventsHandled(testApp, home.accountId, 4);
    await money.closeDispute(home.accountId, dispute.disputeId, 'lost');
    await providerEventsHandled(testApp, home.accountId, 5);

    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals.map((journal) => [journal.kind, journal.entries, journal.corrects_transaction_id])).toEqual([
      ['rent_payment', { tenant_card: -150_699, landlord_payable: 150_000, processing_fees: 699 }, null],
      ['dispute', { landlord_payable: -152_199, disputed: 150_699, dispute_fees: 1500 }, receiptId],
      ['dispute_lost', { disputed: -150_699, tenant_card: 150_699 }, receiptId],
    ]);
    const receipt = await testApp.request({ method: 'GET', url: `/api/tenant/payments/${receiptId}`, headers: client.headers });
    expect(receipt.json().receipt).toMatchObject({ status: 'Disputed' });
  });

  it('gives a won dispute back to the landlord', async () => {
    const home = await rentedHome(testApp, enable);
    await paid(home);
    const dispute = await money.openDispute(home.accountId, await chargeIdOf(home.accountId));
    await money.closeDispute(home.accountId, dispute.disputeId, 'won', { reverse: true });
    await providerEventsHandled(testApp, home.accountId, 6);
    expect((await journalsOf(testApp, home.tenant.userId)).map((journal) => [journal.kind, journal.entries])).toEqual([
      ['rent_payment', expect.anything()],
      ['dispute', { landlord_payable: -152_199, disputed: 150_699, dispute_fees: 1500 }],
      ['dispute_won', { disputed: -150_699, landlord_payable: 150_699 }],
    ]);
  });

  describe('a payment refunded, then disputed (issue 32, item 6)', () => {
    /** Outbox rows asking for the landlord's disputed-after-refund email about a payment. */
    async function emailRequests(receiptId: string): Promise<number> {
      const [{ count }] = await testApp.dataSource.query(
        `SELECT count(*)::int AS count FROM infra.outbox WHERE queue = $1 AND payload->>'paymentTransactionId' = $2`,
        [DISPUTED_AFTER_REFUND_EMAILS_QUEUE, receiptId],
      );
      return count;
    }

    async function reconciliationOf(receiptId: string) {
      const operator = await signIn(testApp, await createActiveUser(testApp, { type: 'operator' }));
      const answer = await testApp.request({ method: 'GET', url: '/api/operator/reconciliation', headers: operator.headers });
      expect(answer.statusCode).toBe(200);
      return answer.json().disputedAfterRefund.filter((payment: { receiptId: string }) => payment.receiptId === receiptId);
    }

    it('is flagged on both receipts, the Payouts page and the reconciliation, and the landlord is emailed once what to answer', async () => {
      const home = await rentedHome(testApp, enable);
      const { client, response } = await paid(home);
      const receiptId = response.json().payment.receiptId;
      const chargeId = await chargeIdOf(home.accountId);
      // Paid out before the refund: the deposit's payment line is the one to mark.
      expect(await money.payOut(home.accountId)).not.toBeNull();
      const refund = await money.refund(home.accountId, chargeId);
      await providerEventsHandled(testApp, home.accountId, 6);
      const mark = mailboxMark(testApp);
      // As Stripe allows: the refunded charge is disputed, and every event arrives twice, last first.
      const dispute = await money.openDispute(home.accountId, chargeId, { duplicate: true, reverse: true });
      await providerEventsHandled(testApp, home.accountId, 8);

      const flag = { refundedCents: 150_699, refundedAt: refund.createdAt.toISOString(), disputedCents: 150_699, atRiskCents: 150_699 };
      const tenantReceipt = await testApp.request({ method: 'GET', url: `/api/tenant/payments/${receiptId}`, headers: client.headers });
      expect(tenantReceipt.json().receipt).toMatchObject({ status: 'Disputed after refund', disputedAfterRefund: flag });
      const landlord = await signIn(testApp, home.landlord);
      const landlordReceipt = await testApp.request({ method: 'GET', url: `/api/landlord/payments/${receiptId}`, headers: landlord.headers });
      expect(landlordReceipt.json().receipt).toMatchObject({ status: 'Disputed after refund', disputedAfterRefund: flag });

      const payouts = (await testApp.request({ method: 'GET', url: '/api/landlord/payouts', headers: landlord.headers })).json();
      expect(payouts.disputedAfterRefund).toEqual([
        expect.objectContaining({ receiptId, tenantName: 'Sam Rivera', propertyAddress: home.address, chargeId, ...flag }),
      ]);
      expect(payouts.payouts[0].lines).toContainEqual(expect.objectContaining({ kind: 'charge', disputedAfterRefund: true }));
      expect(await reconciliationOf(receiptId)).toEqual([
        expect.objectContaining({ landlordName: 'Dana Whitaker', connectedAccountId: home.accountId, chargeId, ...flag }),
      ]);

      const email = await latestEmailTo(testApp, home.landlord.email, { after: mark, what: 'the disputed-after-refund email' });
      expect(email.subject).toMatch(/^Sam Rivera's refunded payment was disputed: answer by \w{3} \d{1,2}, \d{4}$/);
      expect(email.text).toContain('was refunded on');
      expect(email.text).toContain('and the cardholder has now also disputed it');
      expect(email.text).toContain(`Answer the dispute (${dispute.disputeId}) in your Stripe account and submit evidence that the refund was issued:`);
      expect(email.text).toMatch(new RegExp(`- Refund of \\$1,506\\.99 on \\w{3} \\d{1,2}, \\d{4}, reference ${refund.refundId}`));
      // The sandbox gives two weeks to answer, as Stripe gives one to three; dates on the landlord's calendar (New York by default).
      const dueBy = dispute.evidenceDueBy!;
      expect(dueBy.getTime() - dispute.movements[0].createdAt.getTime()).toBe(SANDBOX_EVIDENCE_DAYS * 24 * 3600 * 1000);
      const dueDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' }).format(dueBy);
      expect(email.text).toContain(`Submit it by ${dueDay}, `);
      expect(email.subject).toContain(`answer by ${dueDay}`);
      expect(email.text).toContain('/landlord/dashboard');
      expect(email.text).toContain(`/landlord/payment-receipt/${receiptId}`);
      // Once per dispute, however often its events came.
      expect(await emailRequests(receiptId)).toBe(1);
      // This landlord's only: another case's email may still be on its way after the mark.
      expect(
        testApp.mailbox.list().filter((sent) => sent.id > mark && sent.to.includes(home.landlord.email) && sent.subject.includes('refunded payment was disputed')),
      ).toHaveLength(1);

      // Won: the landlord has the money back, and nothing is left to answer.
      await money.closeDispute(home.accountId, dispute.disputeId, 'won');
      await providerEventsHandled(testApp, home.accountId, 10);
      const after = await testApp.request({ method: 'GET', url: `/api/landlord/payments/${receiptId}`, headers: landlord.headers });
      expect(after.json().receipt).toMatchObject({ status: 'Refunded', disputedAfterRefund: null });
      expect((await testApp.request({ method: 'GET', url: '/api/landlord/payouts', headers: landlord.headers })).json().disputedAfterRefund).toEqual([]);
      expect(await reconciliationOf(receiptId)).toEqual([]);
      expect(await emailRequests(receiptId)).toBe(1);
    });

    it('leaves a payment disputed without a refund as Disputed, with no such email', async () => {
      const home = await rentedHome(testApp, enable);
      const { client, response } = await paid(home);
      const receiptId = response.json().payment.receiptId;
      await money.openDispute(home.accountId, await chargeIdOf(home.accountId));
      await providerEventsHandled(testApp, home.accountId, 4);

      const receipt = await testApp.request({ method: 'GET', url: `/api/tenant/payments/${receiptId}`, headers: client.headers });
      expect(receipt.json().receipt).toMatchObject({ status: 'Disputed', disputedAfterRefund: null });
      expect(await emailRequests(receiptId)).toBe(0);
      expect(await reconciliationOf(receiptId)).toEqual([]);
    });
  });

  it('leaves one journal when the handler crashes after posting and before acknowledging', async () => {
    const home = await rentedHome(testApp, enable);
    await paid(home);
    await providerEventsHandled(testApp, home.accountId, 2);
    const acknowledge = jest.spyOn(Inbox.prototype, 'acknowledge').mockRejectedValueOnce(new Error('worker killed before the mark'));
    await money.refund(home.accountId, await chargeIdOf(home.accountId), 50_000);
    await providerEventsHandled(testApp, home.accountId, 4);
    expect(acknowledge).toHaveBeenCalled();

    const refunds = (await journalsOf(testApp, home.tenant.userId)).filter((journal) => journal.kind === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ entries: { tenant_card: 50_000, landlord_payable: -50_000 } })]);
    const retried = await testApp.dataSource.query(
      `SELECT attempts, status FROM infra.inbox WHERE account_id = $1 AND attempts > 1`,
      [home.accountId],
    );
    expect(retried).toEqual([{ attempts: 2, status: 'done' }]);
  });

  it("records a payout with the payments, refunds and disputes it pays out, for the landlord's Payouts page", async () => {
    const home = await rentedHome(testApp, enable);
    await paid(home);
    await paid(home);
    const [first] = await testApp.dataSource.query(`SELECT id FROM infra.sandbox_charges WHERE account_id = $1 ORDER BY created_at LIMIT 1`, [home.accountId]);
    await money.refund(home.accountId, first.id, 10_000);
    const payout = await money.payOut(home.accountId);
    expect(payout).not.toBeNull();
    await providerEventsHandled(testApp, home.accountId, 8);

    const landlord = await signIn(testApp, home.landlord);
    const answer = await testApp.request({ method: 'GET', url: '/api/landlord/payouts', headers: landlord.headers });
    expect(answer.statusCode).toBe(200);
    const [deposit] = answer.json().payouts;
    expect(deposit).toMatchObject({ payoutId: payout!.payoutId, amountCents: payout!.amountCents, status: 'paid', paidAt: expect.any(String) });
    const payments = deposit.lines.filter((line: { kind: string }) => line.kind === 'charge');
    expect(payments).toHaveLength(2);
    expect(payments[0]).toMatchObject({ tenantName: 'Sam Rivera', propertyAddress: home.address, grossCents: 150_699, month: expect.stringMatching(/^\w+ \d{4}$/) });
    expect(deposit.lines).toContainEqual(expect.objectContaining({ kind: 'refund', amountCents: -10_000, tenantName: 'Sam Rivera' }));
    const total = deposit.lines.reduce((sum: number, line: { amountCents: number }) => sum + line.amountCents, 0);
    expect(total).toBe(deposit.amountCents);

    const tenant = await signIn(testApp, home.tenant);
    expect((await testApp.request({ method: 'GET', url: '/api/landlord/payouts', headers: tenant.headers })).statusCode).toBe(403);
  });

  it("names each payout line's month on the landlord's calendar, as their statements do", async () => {
    const home = await rentedHome(testApp, enable);
    const { response } = await paid(home);
    expect(response.statusCode).toBe(201);
    expect(await money.payOut(home.accountId)).not.toBeNull();
    await providerEventsHandled(testApp, home.accountId, 4);
    // 23:30 on April 10th in Los Angeles is already April 11th in New York (the default zone).
    await testApp.dataSource.query(`UPDATE payments.card_payments SET charged_at = '2025-04-11T06:30:00Z' WHERE connected_account_id = $1`, [
      home.accountId,
    ]);
    const landlord = await signIn(testApp, home.landlord);
    const monthOfPayment = async () => {
      const answer = await testApp.request({ method: 'GET', url: '/api/landlord/payouts', headers: landlord.headers });
      expect(answer.statusCode).toBe(200);
      return answer.json().payouts[0].lines.find((line: { kind: string }) => line.kind === 'charge').month;
    };
    expect(await monthOfPayment()).toBe('May 2025');

    const changed = await testApp.request({
      method: 'PUT',
      url: '/api/landlord/statements/settings',
      headers: landlord.headers,
      payload: { timeZone: 'America/Los_Angeles' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await monthOfPayment()).toBe('April 2025');
  });
});
