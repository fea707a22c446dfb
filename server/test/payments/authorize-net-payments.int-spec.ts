import { randomUUID } from 'node:crypto';
import { signIn } from '../support/accounts';
import { newAuthorizeNetKeys, putOnAuthorizeNet } from '../support/authorize-net-accounts';
import { FakeAuthorizeNet } from '../support/fake-authorize-net';
import { startTestApp, TestApp } from '../support/test-app';
import { ledgerRowsOf, rentedHome } from './payment-support';

/** The official authorizenet SDK over HTTP against the local fake of Authorize.Net's API (AUTHORIZE_NET_API_BASE). */
describe('tenants of a landlord on Authorize.Net pay rent on Authorize.Net', () => {
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

  /** A landlord an operator has put on Authorize.Net, with a tenant signed in. */
  async function directHome() {
    const home = await rentedHome(testApp, async () => {}, { payoutAccount: false });
    const keys = newAuthorizeNetKeys();
    await putOnAuthorizeNet(testApp, home.landlord.userId, keys);
    return { home, keys, client: await signIn(testApp, home.tenant) };
  }

  const pay = (client: Awaited<ReturnType<typeof directHome>>['client'], payload: Record<string, unknown>) =>
    testApp.request({ method: 'POST', url: '/api/tenant/payments/direct', headers: client.headers, payload });

  const body = (nonce: string, idempotencyKey: string, amountCents = 150_000) => ({
    amountCents,
    paymentNonce: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: nonce },
    card: { brand: 'visa', last4: '1111' },
    idempotencyKey,
  });

  it("tells the payment page to use Accept.js with the landlord's login id and client key", async () => {
    const { client, keys } = await directHome();
    const setup = await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers });
    expect(setup.json().setup).toMatchObject({
      cardGateway: 'authorize_net',
      authorizeNetSetup: {
        kind: 'accept_js',
        scriptUrl: 'https://jstest.authorize.net/v1/Accept.js',
        apiLoginId: keys.apiLoginId,
        clientKey: keys.publicClientKey,
      },
      canPay: true,
    });
  });

  it("authorizes and captures the nonce on the landlord's own account with the bill-to block and the description, and posts one journal with the dated fee", async () => {
    const { home, client, keys } = await directHome();
    const idempotencyKey = randomUUID();
    const response = await pay(client, body(`fake-nonce-approve-${randomUUID()}`, idempotencyKey));
    expect(response.statusCode).toBe(201);
    expect(response.json().payment).toMatchObject({ chargedCents: 150_699, amountCents: 150_000, processingFeeCents: 699 });

    const [request] = fake.requestsOf('createTransactionRequest').slice(-1);
    expect(request.merchantAuthentication).toEqual({ name: keys.apiLoginId, transactionKey: keys.transactionKey });
    const transaction = request.transactionRequest as Record<string, unknown>;
    expect(transaction).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '1506.99',
      currencyCode: 'USD',
      billTo: {
        firstName: 'Sam',
        lastName: 'Rivera',
        address: '123 Main St Apt 2',
        city: 'Springfield',
        state: 'IL',
        zip: '62704',
        country: 'USA',
        phoneNumber: '(555) 301-7721',
        email: home.tenant.email,
      },
    });
    expect((transaction.order as { description: string }).description).toMatch(/^Rentwise rent \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z Visa 1111$/);
    expect(JSON.stringify(request)).not.toMatch(/cardNumber|creditCard/);

    const [attempt] = await testApp.dataSource.query(
      `SELECT provider, connected_account_id, charge_id, invoice_number, card_brand, card_last4, ledger_transaction_id
         FROM payments.card_payments WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    const made = fake.transactions.at(-1)!;
    expect(attempt).toMatchObject({
      provider: 'authorize_net',
      connected_account_id: `anet:${keys.apiLoginId}`,
      charge_id: made.transId,
      invoice_number: made.invoiceNumber,
      card_brand: 'visa',
      card_last4: '1111',
    });
    const entries = await testApp.dataSource.query(
      `SELECT account, amount_cents::int AS cents FROM payments.ledger_entries WHERE transaction_id = $1 ORDER BY account`,
      [attempt.ledger_transaction_id],
    );
    expect(entries).toEqual([
      { account: 'landlord_payable', cents: 150_000 },
      { account: 'processing_fees', cents: 699 },
      { account: 'tenant_card', cents: -150_699 },
    ]);
  });

  it("answers a decline with 'Error. Check your card information.' and posts nothing", async () => {
    const { home, client } = await directHome();
    const idempotencyKey = randomUUID();
    const response = await pay(client, body(`fake-nonce-decline-${randomUUID()}`, idempotencyKey));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ status: 'error', error: 'Error. Check your card information.' });
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(0);
    // The same attempt again answers the same, without a second call.
    const calls = fake.requestsOf('createTransactionRequest').length;
    expect((await pay(client, body('ignored-nonce-same-key', idempotencyKey))).statusCode).toBe(422);
    expect(fake.requestsOf('createTransactionRequest')).toHaveLength(calls);
  });

  it('asks the tenant to try again when the answer is lost, and the retry finds the charge by its invoice number instead of charging twice', async () => {
    const { home, client } = await directHome();
    const idempotencyKey = randomUUID();
    const payload = body(`fake-nonce-approve-${randomUUID()}`, idempotencyKey, 80_000);
    fake.dropNextChargeAnswer();

    const unanswered = await pay(client, payload);
    expect(unanswered.statusCode).toBe(503);
    expect(unanswered.json()).toEqual({ status: 'error', error: 'Please refresh and try again.' });
    const [pending] = await testApp.dataSource.query(`SELECT status, invoice_number FROM payments.card_payments WHERE idempotency_key = $1`, [idempotencyKey]);
    expect(pending.status).toBe('pending');
    const charges = () => fake.transactions.filter((made) => made.invoiceNumber === pending.invoice_number);
    expect(charges()).toHaveLength(1);

    const calls = fake.requestsOf('createTransactionRequest').length;
    const retried = await pay(client, payload);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().payment).toMatchObject({ chargedCents: 80_699 });
    expect(fake.requestsOf('createTransactionRequest')).toHaveLength(calls);
    expect(fake.requestsOf('getUnsettledTransactionListRequest').length).toBeGreaterThan(0);
    expect(charges()).toHaveLength(1);
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(1);

    // Once more: the first answer again, nothing new anywhere.
    const again = await pay(client, payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment).toEqual(retried.json().payment);
    expect(charges()).toHaveLength(1);
  });

  it('refuses a request that carries a card number, and nothing reaches the gateway', async () => {
    const { home, client } = await directHome();
    const calls = fake.requests.length;
    const withCard = await pay(client, { ...body(`fake-nonce-approve-${randomUUID()}`, randomUUID()), cardNumber: '4111111111111111', cardCode: '123' });
    expect(withCard.statusCode).toBe(400);
    expect(withCard.json()).toEqual({ status: 'error', error: 'Card details are never sent to Rentwise. Please enter your card in the card form.' });
    const numberAsNonce = await pay(client, body('4111 1111 1111 1111', randomUUID()));
    expect(numberAsNonce.statusCode).toBe(400);
    expect(fake.requests).toHaveLength(calls);
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(0);
  });

  it('keeps a tenant of a Stripe landlord off Authorize.Net', async () => {
    const home = await rentedHome(testApp, async () => {}, { payoutAccount: false });
    const client = await signIn(testApp, home.tenant);
    const response = await pay(client, body(`fake-nonce-approve-${randomUUID()}`, randomUUID()));
    expect(response.statusCode).toBe(409);
  });
});
