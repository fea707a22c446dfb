import { BANK_DEBIT_MANDATE_VERSION } from '@rentwise/libs/bank-debits';
import { MESSAGES } from '@rentwise/libs/messages';
import { randomUUID } from 'node:crypto';
import { SignedInClient } from '../support/accounts';
import { newAuthorizeNetKeys, payWithFakeNonce, putOnAuthorizeNet } from '../support/authorize-net-accounts';
import { FakeAuthorizeNet } from '../support/fake-authorize-net';
import { FAKE_CONNECT_WEBHOOK_SECRET, FakeStripe, FakeStripeEvent, signStripeWebhook, stripeEnvFor, stripeEvent } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { postWebhook } from '../support/webhooks';
import { journalsOf, payRent, rentedHome, RentedHome, signIn } from './payment-support';

const CHARGED_CENTS = 150_699;

function refundRequest(testApp: TestApp, landlord: SignedInClient, receiptId: string, amountCents: number, idempotencyKey = randomUUID()) {
  return testApp.request({
    method: 'POST',
    url: `/api/landlord/payments/${receiptId}/refunds`,
    headers: landlord.headers,
    payload: { amountCents, reason: 'Moved out early', idempotencyKey },
  });
}

async function refundJournals(testApp: TestApp, home: RentedHome) {
  return (await journalsOf(testApp, home.tenant.userId)).filter((journal) => journal.kind === 'refund');
}

/** The real stripe SDK over HTTP against the local fake of Stripe (STRIPE_API_BASE). */
describe('refunds on Stripe (direct charges on the landlord’s account, real SDK, local fake)', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  beforeAll(async () => {
    fake = await FakeStripe.start();
    testApp = await startTestApp({ ...stripeEnvFor(fake), BANK_DEBIT_FEE_CENTS: '0' });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  /** Posts the events to the Connect endpoint, signed as Stripe signs them, and waits until each was worked. */
  async function handled(events: FakeStripeEvent[]): Promise<void> {
    const ids: string[] = [];
    for (const event of events) {
      const body = JSON.stringify(stripeEvent(event.type, event.object, { account: event.account }));
      expect((await postWebhook(testApp, body, signStripeWebhook(body, FAKE_CONNECT_WEBHOOK_SECRET), 'connect')).statusCode).toBe(200);
      ids.push(JSON.parse(body).id);
    }
    await waitFor(
      async () => {
        const rows = await testApp.dataSource.query(`SELECT status FROM infra.inbox WHERE provider_event_id = ANY($1)`, [ids]);
        return rows.length === ids.length && rows.every((row: { status: string }) => ['done', 'skipped', 'unhandled'].includes(row.status));
      },
      { what: `${ids.length} event(s) to be handled`, timeoutMs: 20_000 },
    );
  }

  async function paidByCard() {
    const home = await rentedHome(testApp, fake.enableCharges);
    const tenant = await signIn(testApp, home.tenant);
    const response = await payRent(testApp, tenant, { amountCents: 150_000, paymentMethodId: 'pm_card_visa', idempotencyKey: randomUUID() });
    expect(response.statusCode).toBe(201);
    await handled(fake.takeEvents(home.accountId));
    return { home, landlord: await signIn(testApp, home.landlord), tenant, receiptId: response.json().payment.receiptId as string };
  }

  it('refunds part of a card payment on the connected account with its key, keeping our fee, and posts one journal whatever events follow', async () => {
    const { home, landlord, tenant, receiptId } = await paidByCard();
    const response = await refundRequest(testApp, landlord, receiptId, 40_000);
    expect(response.statusCode).toBe(201);
    const refundId = response.json().refund.refundId;

    const [request] = fake.requestsTo('POST', '/v1/refunds');
    expect(request.stripeAccount).toBe(home.accountId);
    expect(request.idempotencyKey).toBe(`refund:${refundId}`);
    expect(request.form).toMatchObject({
      charge: fake.charges.find((charge) => charge.account === home.accountId)!.chargeId,
      amount: '40000',
      refund_application_fee: 'false',
      'metadata[refundId]': refundId,
      'metadata[receiptId]': receiptId,
    });
    // Stripe's refund.created and charge.refunded, each delivered twice: still one journal.
    const events = fake.takeEvents(home.accountId);
    expect(events.map((event) => event.type)).toEqual(['refund.created', 'charge.refunded']);
    await handled([...events, ...events.reverse()]);
    const journals = await refundJournals(testApp, home);
    expect(journals).toEqual([
      expect.objectContaining({
        corrects_transaction_id: receiptId,
        idempotency_key: expect.stringMatching(new RegExp(`^refund:${home.accountId}/re_fake_`)),
        entries: { tenant_card: 40_000, landlord_payable: -40_000 },
      }),
    ]);
    const receipt = (await testApp.request({ method: 'GET', url: `/api/tenant/payments/${receiptId}`, headers: tenant.headers })).json().receipt;
    expect(receipt).toMatchObject({ status: 'Partly refunded', refundedCents: 40_000, refunds: [{ amountCents: 40_000, reason: 'Moved out early' }] });
  });

  it('refunds all of it, and a retry with the key gets the first refund from Stripe, not a second', async () => {
    const { home, landlord, receiptId } = await paidByCard();
    const key = randomUUID();
    // Stripe made the refund, but no answer came back, to the SDK's own retries either (the same key):
    // the refund stays requested, its amount held.
    for (let call = 0; call < 3; call++) fake.dropNextResponse('POST', '/v1/refunds');
    const lost = await refundRequest(testApp, landlord, receiptId, CHARGED_CENTS, key);
    expect(lost.statusCode).toBe(503);
    expect(lost.json().error).toBe(MESSAGES.noGatewayResponse);
    expect((await refundRequest(testApp, landlord, receiptId, 100)).json().error).toBe(MESSAGES.refundFullyRefunded);

    const again = await refundRequest(testApp, landlord, receiptId, CHARGED_CENTS, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().refund).toMatchObject({ amountCents: CHARGED_CENTS, status: 'succeeded', created: false });
    const sent = fake.requestsTo('POST', '/v1/refunds').filter((request) => request.stripeAccount === home.accountId);
    expect(new Set(sent.map((request) => request.idempotencyKey))).toEqual(new Set([`refund:${again.json().refund.refundId}`]));
    expect(sent.length).toBeGreaterThan(1);
    await handled(fake.takeEvents(home.accountId));
    expect(await refundJournals(testApp, home)).toEqual([expect.objectContaining({ entries: { tenant_card: CHARGED_CENTS, landlord_payable: -CHARGED_CENTS } })]);
  });

  it('refunds a bank payment only once it settled, on its charge, pending at first as ACH refunds are', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const tenant = await signIn(testApp, home.tenant);
    const paymentMethodId = fake.linkBankAccount(home.accountId, '000123456789');
    const sent = await testApp.request({
      method: 'POST',
      url: '/api/tenant/payments/bank',
      headers: tenant.headers,
      payload: { amountCents: 150_000, bankAccount: { paymentMethodId }, mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION }, idempotencyKey: randomUUID() },
    });
    expect(sent.statusCode).toBe(201);
    const receiptId = sent.json().payment.receiptId;
    const landlord = await signIn(testApp, home.landlord);
    await handled(fake.takeEvents(home.accountId));

    const early = await refundRequest(testApp, landlord, receiptId, 50_000);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(MESSAGES.refundBankNotSettled);
    expect(fake.requestsTo('POST', '/v1/refunds').filter((request) => request.stripeAccount === home.accountId)).toEqual([]);

    const [attempt] = await testApp.dataSource.query(`SELECT charge_id FROM payments.card_payments WHERE ledger_transaction_id = $1`, [receiptId]);
    await handled(fake.decideBankDebit(home.accountId, attempt.charge_id));
    const refunded = await refundRequest(testApp, landlord, receiptId, 150_000);
    expect(refunded.statusCode).toBe(201);
    expect(refunded.json().refund).toMatchObject({ status: 'pending', amountCents: 150_000 });
    await handled(fake.takeEvents(home.accountId));
    expect(await refundJournals(testApp, home)).toEqual([expect.objectContaining({ entries: { tenant_card: 150_000, landlord_payable: -150_000 } })]);
  });
});

/** The official authorizenet SDK over HTTP against the local fake of Authorize.Net's API (AUTHORIZE_NET_API_BASE). */
describe('refunds on Authorize.Net (real SDK, local fake): a void before settlement, a refund after', () => {
  let fake: FakeAuthorizeNet;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await FakeAuthorizeNet.start();
    testApp = await startTestApp({ AUTHORIZE_NET_ENVIRONMENT: 'sandbox', AUTHORIZE_NET_API_BASE: fake.url });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  async function paidOnAuthorizeNet() {
    const home = await rentedHome(testApp, async () => {}, { payoutAccount: false });
    const keys = newAuthorizeNetKeys();
    await putOnAuthorizeNet(testApp, home.landlord.userId, keys);
    const { receiptId, charge } = await payWithFakeNonce(testApp, fake, await signIn(testApp, home.tenant));
    return { home, keys, landlord: await signIn(testApp, home.landlord), receiptId, charge };
  }

  const transactionRequests = (type: string) =>
    fake
      .requestsOf('createTransactionRequest')
      .map((request) => request.transactionRequest as Record<string, unknown>)
      .filter((transaction) => transaction.transactionType === type);

  it('voids a payment not settled yet, in full, and refuses a part of it', async () => {
    const { home, keys, landlord, receiptId, charge } = await paidOnAuthorizeNet();
    const part = await refundRequest(testApp, landlord, receiptId, 50_000);
    expect(part.statusCode).toBe(409);
    expect(part.json().error).toBe(MESSAGES.refundPartBeforeSettlement);

    const whole = await refundRequest(testApp, landlord, receiptId, CHARGED_CENTS);
    expect(whole.statusCode).toBe(201);
    expect(whole.json().refund).toMatchObject({ way: 'void', status: 'succeeded' });
    expect(transactionRequests('voidTransaction')).toEqual([{ transactionType: 'voidTransaction', refTransId: charge.transId }]);
    expect(charge.voided).toBe(true);
    expect(await refundJournals(testApp, home)).toEqual([
      expect.objectContaining({ idempotency_key: `void:anet:${keys.apiLoginId}/${charge.transId}`, entries: { tenant_card: CHARGED_CENTS, landlord_payable: -CHARGED_CENTS } }),
    ]);
  });

  it('refunds a settled payment to its card in parts, and no more than is left', async () => {
    const { home, keys, landlord, receiptId, charge } = await paidOnAuthorizeNet();
    fake.settle();
    const first = await refundRequest(testApp, landlord, receiptId, 50_000);
    expect(first.statusCode).toBe(201);
    expect(first.json().refund).toMatchObject({ way: 'refund', status: 'succeeded' });
    const [sent] = transactionRequests('refundTransaction').slice(-1);
    expect(sent).toMatchObject({
      amount: '500.00',
      payment: { creditCard: { cardNumber: '1111', expirationDate: 'XXXX' } },
      refTransId: charge.transId,
      order: { invoiceNumber: expect.stringMatching(/^RF[0-9A-F]{18}$/) },
    });
    expect((await refundRequest(testApp, landlord, receiptId, 100_699)).statusCode).toBe(201);
    const over = await refundRequest(testApp, landlord, receiptId, 1);
    expect(over.json().error).toBe(MESSAGES.refundFullyRefunded);

    const refunds = fake.transactions.filter((made) => made.refTransId === charge.transId);
    expect((await refundJournals(testApp, home)).map((journal) => [journal.idempotency_key, journal.entries.tenant_card])).toEqual([
      [`refund:anet:${keys.apiLoginId}/${refunds[0].transId}`, 50_000],
      [`refund:anet:${keys.apiLoginId}/${refunds[1].transId}`, 100_699],
    ]);
  });

  it('refunds once when two clicks with different keys come at once for all that is left', async () => {
    const { home, landlord, receiptId } = await paidOnAuthorizeNet();
    fake.settle();
    const answers = await Promise.all([refundRequest(testApp, landlord, receiptId, CHARGED_CENTS), refundRequest(testApp, landlord, receiptId, CHARGED_CENTS)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toBe(MESSAGES.refundFullyRefunded);
    expect(await refundJournals(testApp, home)).toHaveLength(1);
  });
});
