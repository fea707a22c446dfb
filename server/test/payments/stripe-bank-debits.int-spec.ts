import { randomUUID } from 'node:crypto';
import { BANK_DEBIT_MANDATE_VERSION, bankDebitFailureReason } from '@rentwise/libs/bank-debits';
import { MESSAGES } from '@rentwise/libs/messages';
import { CardDeclined, ProviderObjectNotFound } from '../../src/infrastructure/providers/provider-errors';
import { PaymentGateway } from '../../src/modules/payments/gateways/payment-gateway.port';
import { SignedInClient } from '../support/accounts';
import {
  FAKE_CONNECT_WEBHOOK_SECRET,
  FAKE_DISPUTE_FEE_CENTS,
  FAKE_TEST_BANK_NAME,
  fakeAchFeeCents,
  FakeStripe,
  FakeStripeEvent,
  signStripeWebhook,
  stripeEnvFor,
  stripeEvent,
} from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { postWebhook } from '../support/webhooks';
import { anotherTenantOf, journalsOf, rentedHome, RentedHome, signIn } from './payment-support';

const RENT_CENTS = 150_000;
const PLATFORM_FEE_CENTS = 699;
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) StripeBankDebitTest/1.0';

/**
 * Bank (ACH) debits with the Stripe adapter: the real stripe SDK over HTTP against the local fake of
 * Stripe (STRIPE_API_BASE), which plays Stripe's test bank accounts; the bank's answers reach us only
 * as Stripe's events, signed and posted to the Connect endpoint, in any order and more than once.
 */
describe('tenants pay rent from a bank account (Stripe ACH Direct Debit, real SDK, local fake)', () => {
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

  function payFromBank(client: SignedInClient, payload: Record<string, unknown>) {
    return testApp.request({
      method: 'POST',
      url: '/api/tenant/payments/bank',
      headers: { ...client.headers, 'user-agent': USER_AGENT },
      payload: { amountCents: RENT_CENTS, idempotencyKey: randomUUID(), mandate: { accepted: true, version: BANK_DEBIT_MANDATE_VERSION }, confirmRepeat: true, ...payload },
    });
  }

  /** Posts each event to the Connect endpoint, signed as Stripe signs it, and returns their ids. */
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

  /** Delivers the events and waits until each has been worked (done, skipped or unhandled). */
  async function handled(events: FakeStripeEvent[]): Promise<void> {
    const ids = await deliver(events);
    await waitFor(
      async () => {
        const rows = await testApp.dataSource.query(`SELECT status FROM infra.inbox WHERE provider_event_id = ANY($1)`, [ids]);
        return rows.length === ids.length && rows.every((row: { status: string }) => ['done', 'skipped', 'unhandled'].includes(row.status));
      },
      { what: `${ids.length} event(s) to be handled`, timeoutMs: 20_000 },
    );
  }

  async function attemptOf(idempotencyKey: string) {
    const [row] = await testApp.dataSource.query(
      `SELECT id, status, method, bank_name, bank_last4, failure_code, failure_message, mandate_id, payment_intent_id, charge_id,
              balance_transaction_id, processor_fee_cents, ledger_transaction_id
         FROM payments.card_payments WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    return row;
  }

  async function mandateOf(mandateId: string) {
    const [row] = await testApp.dataSource.query(`SELECT status, provider_mandate_id FROM payments.bank_debit_mandates WHERE id = $1`, [mandateId]);
    return row;
  }

  /** A tenant of a new home pays from one of Stripe's test bank accounts, linked on the landlord's account. */
  async function sent(accountNumber: string, home?: RentedHome) {
    const rented = home ?? (await rentedHome(testApp, fake.enableCharges));
    const client = await signIn(testApp, rented.tenant);
    const paymentMethodId = fake.linkBankAccount(rented.accountId, accountNumber);
    const idempotencyKey = randomUUID();
    const response = await payFromBank(client, { bankAccount: { paymentMethodId }, idempotencyKey });
    expect(response.statusCode).toBe(201);
    const attempt = await attemptOf(idempotencyKey);
    return { home: rented, client, paymentMethodId, idempotencyKey, response, attempt, receiptId: response.json().payment.receiptId as string };
  }

  const sentJournal = { kind: 'rent_payment', entries: { tenant_card: -RENT_CENTS, bank_debit_clearing: RENT_CENTS } };
  const settledEntries = { bank_debit_clearing: -RENT_CENTS, landlord_payable: RENT_CENTS - PLATFORM_FEE_CENTS, processing_fees: PLATFORM_FEE_CENTS };

  it('debits a linked account with a confirmed ACH PaymentIntent on the landlord’s account: processing, with the mandate', async () => {
    const { home, response, attempt, receiptId, paymentMethodId, idempotencyKey } = await sent('000123456789');
    expect(response.json().payment).toMatchObject({ amountCents: RENT_CENTS, chargedCents: RENT_CENTS, paymentStatus: 'processing' });

    const [request] = fake.requestsTo('POST', '/v1/payment_intents').filter((made) => made.idempotencyKey === idempotencyKey);
    expect(request.stripeAccount).toBe(home.accountId);
    expect(request.form).toMatchObject({
      amount: String(RENT_CENTS),
      currency: 'usd',
      payment_method: paymentMethodId,
      'payment_method_types[0]': 'us_bank_account',
      confirm: 'true',
      application_fee_amount: String(PLATFORM_FEE_CENTS),
      'mandate_data[customer_acceptance][type]': 'online',
      'mandate_data[customer_acceptance][online][user_agent]': USER_AGENT,
      'metadata[cardPaymentId]': attempt.id,
    });
    expect(request.form['mandate_data[customer_acceptance][online][ip_address]']).toBeTruthy();
    // The account was read on the landlord's account before it was debited.
    expect(fake.requestsTo('GET', `/v1/payment_methods/${paymentMethodId}`).map((read) => read.stripeAccount)).toEqual([home.accountId]);

    const charge = fake.chargeOf(attempt.payment_intent_id);
    expect(attempt).toMatchObject({ status: 'processing', method: 'bank_debit', bank_name: FAKE_TEST_BANK_NAME, bank_last4: '6789', charge_id: charge.chargeId });
    expect(charge.chargeId).toMatch(/^py_fake_/);
    expect(await mandateOf(attempt.mandate_id)).toEqual({ status: 'active', provider_mandate_id: charge.mandateId });

    // Stripe's processing events change nothing: the answer already posted the debit as sent.
    await handled(fake.takeEvents(home.accountId));
    expect(await journalsOf(testApp, home.tenant.userId)).toEqual([expect.objectContaining({ id: receiptId, ...sentJournal, corrects_transaction_id: null })]);
  });

  it('account 000123456789 settles: the clearing money goes to the landlord and the platform fee, with Stripe’s ACH fee recorded', async () => {
    const { home, attempt, receiptId, idempotencyKey } = await sent('000123456789');
    await handled([...fake.takeEvents(home.accountId), ...fake.decideBankDebit(home.accountId, attempt.charge_id)]);

    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals).toEqual([
      expect.objectContaining({ id: receiptId, ...sentJournal }),
      expect.objectContaining({
        kind: 'bank_debit_settled',
        idempotency_key: `bank-debit-settled:${home.accountId}/${attempt.charge_id}`,
        corrects_transaction_id: receiptId,
        entries: settledEntries,
      }),
    ]);
    expect(await attemptOf(idempotencyKey)).toMatchObject({
      status: 'succeeded',
      balance_transaction_id: expect.stringMatching(/^txn_fake_/),
      processor_fee_cents: String(fakeAchFeeCents(RENT_CENTS)),
    });
  });

  it.each([
    ['000222222227', 'insufficient_funds', false],
    ['000111111113', 'account_closed', true],
    ['000111111116', 'no_account', true],
    ['000333333335', 'debit_not_authorized', true],
  ])('account %s fails as %s: a failure journal and the bank’s reason; the mandate ends and the account is blocked only when the bank says so', async (accountNumber, code, ends) => {
    const { home, client, attempt, receiptId, paymentMethodId, idempotencyKey } = await sent(accountNumber);
    const decided = fake.decideBankDebit(home.accountId, attempt.charge_id);
    expect(decided.map((event) => event.type)).toEqual(['charge.failed', 'payment_intent.payment_failed', ...(ends ? ['mandate.updated'] : [])]);
    await handled([...fake.takeEvents(home.accountId), ...decided]);

    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals).toEqual([
      expect.objectContaining({ id: receiptId, ...sentJournal }),
      expect.objectContaining({
        kind: 'bank_debit_failed',
        idempotency_key: `bank-debit-failed:${home.accountId}/${attempt.charge_id}`,
        corrects_transaction_id: receiptId,
        entries: { bank_debit_clearing: -RENT_CENTS, tenant_card: RENT_CENTS },
      }),
    ]);
    expect(await attemptOf(idempotencyKey)).toMatchObject({ status: 'failed', failure_code: code, failure_message: bankDebitFailureReason(code) });
    expect((await mandateOf(attempt.mandate_id)).status).toBe(ends ? 'inactive' : 'active');

    const retry = await payFromBank(client, { bankAccount: { paymentMethodId } });
    if (ends) {
      expect(retry.statusCode).toBe(402);
      expect(retry.json().error).toBe(MESSAGES.bankAccountBlocked);
    } else {
      expect(retry.statusCode).toBe(201);
    }
  });

  it('account 000000000009 stays processing: the bank never answers, and the debit stays in clearing', async () => {
    const { home, attempt, idempotencyKey } = await sent('000000000009');
    expect(fake.decideBankDebit(home.accountId, attempt.charge_id)).toEqual([]);
    await handled(fake.takeEvents(home.accountId));
    expect((await journalsOf(testApp, home.tenant.userId)).map((journal) => journal.kind)).toEqual(['rent_payment']);
    expect(await attemptOf(idempotencyKey)).toMatchObject({ status: 'processing' });
  });

  it('account 000555555559 settles and comes back: the return is a dispute lost at once, and the account is never debited again', async () => {
    const { home, client, attempt, receiptId, paymentMethodId } = await sent('000555555559');
    const decided = fake.decideBankDebit(home.accountId, attempt.charge_id);
    expect(decided.map((event) => event.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'charge.dispute.created', 'charge.dispute.closed']);
    await handled([...fake.takeEvents(home.accountId), ...decided]);

    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals.map((journal) => [journal.kind, journal.corrects_transaction_id])).toEqual([
      ['rent_payment', null],
      ['bank_debit_settled', receiptId],
      ['dispute', receiptId],
      ['dispute_lost', receiptId],
    ]);
    expect(journals[1].entries).toEqual(settledEntries);
    expect(journals[2].entries).toMatchObject({ landlord_payable: -RENT_CENTS - FAKE_DISPUTE_FEE_CENTS });
    const retry = await payFromBank(client, { bankAccount: { paymentMethodId } });
    expect(retry.statusCode).toBe(402);
    expect(retry.json().error).toBe(MESSAGES.bankAccountBlocked);
  });

  it('a return of a settled debit from any account, delivered twice and before the settlement’s own events, posts each journal once', async () => {
    const { home, attempt } = await sent('000123456789');
    const settled = fake.decideBankDebit(home.accountId, attempt.charge_id);
    const returned = fake.returnBankDebit(home.accountId, attempt.charge_id).events;
    await handled([...returned, ...returned, ...settled, ...fake.takeEvents(home.accountId), ...settled]);
    expect((await journalsOf(testApp, home.tenant.userId)).map((journal) => journal.kind)).toEqual(['rent_payment', 'bank_debit_settled', 'dispute', 'dispute_lost']);
  });

  it('a mandate made inactive at the bank (mandate.updated) is inactive in our records; another account’s mandate is left alone', async () => {
    const { home, attempt } = await sent('000123456789');
    const other = await sent('000123456789');
    await handled(fake.deactivateMandate(home.accountId, fake.chargeOf(attempt.payment_intent_id).mandateId!));
    expect((await mandateOf(attempt.mandate_id)).status).toBe('inactive');
    expect((await mandateOf(other.attempt.mandate_id)).status).toBe('active');

    // The same event again, and an active mandate's update, change nothing.
    const otherMandate = fake.chargeOf(other.attempt.payment_intent_id).mandateId!;
    await handled([fake.eventAbout('mandate.updated', home.accountId, fake.chargeOf(attempt.payment_intent_id).mandateId!), fake.eventAbout('mandate.updated', other.home.accountId, otherMandate)]);
    expect((await mandateOf(attempt.mandate_id)).status).toBe('inactive');
    expect((await mandateOf(other.attempt.mandate_id)).status).toBe('active');
  });

  it('duplicate and out-of-order events: settled before processing, each twice, and charge.updated, make one sent and one settled journal', async () => {
    const { home, attempt, receiptId } = await sent('000123456789');
    const processing = fake.takeEvents(home.accountId);
    const settled = fake.decideBankDebit(home.accountId, attempt.charge_id);
    const updated = fake.eventAbout('charge.updated', home.accountId, attempt.charge_id);
    await handled([...settled].reverse());
    await handled([updated, ...processing, ...settled, ...processing.reverse(), updated]);

    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals.map((journal) => journal.kind)).toEqual(['rent_payment', 'bank_debit_settled']);
    expect(journals[0].id).toBe(receiptId);
  });

  it('when the answer is lost, the events alone post the debit (succeeded before processing), and the tenant’s retry answers with it', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const client = await signIn(testApp, home.tenant);
    const paymentMethodId = fake.linkBankAccount(home.accountId, '000123456789');
    const idempotencyKey = randomUUID();
    // Every try of the SDK (one and two retries) reaches Stripe, and no answer comes back.
    for (let tries = 0; tries < 3; tries++) fake.dropNextResponse('POST', '/v1/payment_intents');
    const lost = await payFromBank(client, { bankAccount: { paymentMethodId }, idempotencyKey });
    expect(lost.statusCode).toBe(503);
    expect(await journalsOf(testApp, home.tenant.userId)).toEqual([]);
    const tries = fake.requestsTo('POST', '/v1/payment_intents').filter((made) => made.idempotencyKey === idempotencyKey);
    expect(tries).toHaveLength(3);
    expect(fake.charges.filter((made) => made.account === home.accountId)).toHaveLength(1);

    const [charge] = fake.charges.filter((made) => made.account === home.accountId);
    const processing = fake.takeEvents(home.accountId);
    const settled = fake.decideBankDebit(home.accountId, charge.chargeId);
    const succeeded = settled.filter((event) => event.type === 'payment_intent.succeeded');
    await handled([...succeeded, ...processing.filter((event) => event.type === 'payment_intent.processing'), ...settled, ...processing]);
    const journals = await journalsOf(testApp, home.tenant.userId);
    expect(journals).toEqual([
      expect.objectContaining({ ...sentJournal, idempotency_key: expect.stringMatching(/^card-payment:/) }),
      expect.objectContaining({ kind: 'bank_debit_settled', corrects_transaction_id: journals[0].id, entries: settledEntries }),
    ]);
    const attempt = await attemptOf(idempotencyKey);
    expect(attempt).toMatchObject({ status: 'succeeded', payment_intent_id: charge.paymentIntentId, charge_id: charge.chargeId });
    // The mandate is linked to Stripe's from the charge, so its revocation still reaches our record.
    expect(await mandateOf(attempt.mandate_id)).toEqual({ status: 'active', provider_mandate_id: charge.mandateId });
    await handled(fake.deactivateMandate(home.accountId, charge.mandateId!));
    expect((await mandateOf(attempt.mandate_id)).status).toBe('inactive');

    const retry = await payFromBank(client, { bankAccount: { paymentMethodId }, idempotencyKey });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().payment).toMatchObject({ receiptId: journals[0].id, paymentStatus: 'succeeded' });
    expect(fake.requestsTo('POST', '/v1/payment_intents').filter((made) => made.idempotencyKey === idempotencyKey)).toHaveLength(3);
  });

  it('replays the same request: the SDK’s retry gets the same PaymentIntent, and the tenant’s repeat (twice at once) the same payment', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const client = await signIn(testApp, home.tenant);
    const paymentMethodId = fake.linkBankAccount(home.accountId, '000123456789');
    const idempotencyKey = randomUUID();
    fake.dropNextResponse('POST', '/v1/payment_intents');
    const first = await payFromBank(client, { bankAccount: { paymentMethodId }, idempotencyKey });
    expect(first.statusCode).toBe(201);
    const tries = fake.requestsTo('POST', '/v1/payment_intents').filter((made) => made.idempotencyKey === idempotencyKey);
    expect(tries).toHaveLength(2);
    expect(tries[1].form).toEqual(tries[0].form);
    const [charge, ...more] = fake.charges.filter((made) => made.account === home.accountId);
    expect(more).toEqual([]);
    expect(await attemptOf(idempotencyKey)).toMatchObject({ payment_intent_id: charge.paymentIntentId, charge_id: charge.chargeId });

    const repeats = await Promise.all([1, 2].map(() => payFromBank(client, { bankAccount: { paymentMethodId }, idempotencyKey })));
    expect(repeats.map((repeat) => repeat.statusCode)).toEqual([200, 200]);
    for (const repeat of repeats) expect(repeat.json().payment).toMatchObject({ receiptId: first.json().payment.receiptId, paymentStatus: 'processing' });
    expect(fake.charges.filter((made) => made.account === home.accountId)).toHaveLength(1);
    expect(await journalsOf(testApp, home.tenant.userId)).toHaveLength(1);
  });

  it('is refused by Stripe as Stripe refuses: another account’s bank account, a fee above the amount, a key reused for another debit', async () => {
    const gateway = testApp.app.get(PaymentGateway);
    const home = await rentedHome(testApp, fake.enableCharges);
    const elsewhere = await rentedHome(testApp, fake.enableCharges);
    const ours = fake.linkBankAccount(home.accountId, '000123456789');
    const theirs = fake.linkBankAccount(elsewhere.accountId, '000123456789');
    const acceptedAt = new Date();
    const debit = (overrides: Partial<Parameters<PaymentGateway['debitBankAccount']>[0]>) =>
      gateway.debitBankAccount({
        connectedAccountId: home.accountId,
        paymentMethodId: ours,
        amountCents: RENT_CENTS,
        platformFeeCents: PLATFORM_FEE_CENTS,
        description: 'Rent payment: gateway test',
        idempotencyKey: randomUUID(),
        metadata: { cardPaymentId: 'gateway-test' },
        mandate: { acceptedAt, ipAddress: '203.0.113.7', userAgent: USER_AGENT },
        ...overrides,
      });

    await expect(gateway.retrieveBankAccount(home.accountId, theirs)).rejects.toBeInstanceOf(ProviderObjectNotFound);
    await expect(debit({ paymentMethodId: theirs })).rejects.toBeInstanceOf(CardDeclined);
    await expect(debit({ platformFeeCents: RENT_CENTS + 1 })).rejects.toThrow(/application fee amount must be less than or equal/);
    expect(fake.charges.filter((made) => made.account === home.accountId)).toEqual([]);

    const idempotencyKey = randomUUID();
    const first = await debit({ idempotencyKey });
    expect(first).toMatchObject({ status: 'processing', bank: { bankName: FAKE_TEST_BANK_NAME, last4: '6789' }, mandateId: expect.stringMatching(/^mandate_fake_/) });
    expect(await debit({ idempotencyKey })).toEqual(first);
    await expect(debit({ idempotencyKey, amountCents: RENT_CENTS + 100 })).rejects.toThrow(/Keys for idempotent requests can only be used with the same parameters/);
    expect(fake.charges.filter((made) => made.account === home.accountId)).toHaveLength(1);
  });

  it('refuses a bank account linked on another landlord’s account, and debits nothing', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const elsewhere = await rentedHome(testApp, fake.enableCharges);
    const client = await signIn(testApp, home.tenant);
    const paymentMethodId = fake.linkBankAccount(elsewhere.accountId, '000123456789');
    const refused = await payFromBank(client, { bankAccount: { paymentMethodId } });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toBe(MESSAGES.bankAccountNotLinked);
    expect(fake.requestsTo('POST', '/v1/payment_intents').filter((made) => made.stripeAccount === home.accountId)).toEqual([]);
    expect(await journalsOf(testApp, home.tenant.userId)).toEqual([]);
  });
  describe('linking an account with Financial Connections (a SetupIntent for the tenant’s customer on the landlord’s account)', () => {
    function linkSession(client: SignedInClient) {
      return testApp.request({ method: 'POST', url: '/api/tenant/bank-accounts/link-session', headers: client.headers });
    }

    async function customersOf(tenantUserId: string) {
      return testApp.dataSource.query(`SELECT connected_account_id, customer_id FROM payments.bank_customers WHERE tenant_user_id = $1`, [tenantUserId]);
    }

    it('answers a SetupIntent’s client secret, on one customer per tenant and account however often it is asked', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      const client = await signIn(testApp, home.tenant);
      const creates = () => fake.requestsTo('POST', '/v1/customers').filter((made) => made.stripeAccount === home.accountId);
      const doubled = await Promise.all([1, 2].map(() => linkSession(client)));
      const asked = creates().length;
      const answers = [...doubled, await linkSession(client)];
      // The doubled request may ask Stripe twice, under one key (one customer); a later one finds it stored.
      expect(creates()).toHaveLength(asked);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(201);
        expect(answer.json()).toEqual({ status: 'success', session: { clientSecret: expect.stringMatching(/^seti_fake_\w+_secret_\w+$/) } });
      }

      const [stored, ...more] = await customersOf(home.tenant.userId);
      expect(more).toEqual([]);
      expect(stored.connected_account_id).toBe(home.accountId);
      expect(new Set(creates().map((made) => made.idempotencyKey))).toEqual(new Set([`bank-customer:${home.tenant.userId}:${home.accountId}`]));
      expect(creates()[0].form).toEqual({ name: 'Sam Rivera', email: home.tenant.email });

      const intents = fake.requestsTo('POST', '/v1/setup_intents').filter((made) => made.stripeAccount === home.accountId);
      expect(intents).toHaveLength(3);
      for (const intent of intents) {
        expect(intent.form).toEqual({
          customer: stored.customer_id,
          'payment_method_types[0]': 'us_bank_account',
          'payment_method_options[us_bank_account][financial_connections][permissions][0]': 'payment_method',
          'payment_method_options[us_bank_account][verification_method]': 'automatic',
        });
      }
    });

    it('pays with the linked account on its customer, saves it, and pays again from the saved account', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      const client = await signIn(testApp, home.tenant);
      const { clientSecret } = (await linkSession(client)).json().session;
      const paymentMethodId = fake.completeBankLink(clientSecret, '000123456789');
      const [{ customer_id: customerId }] = await customersOf(home.tenant.userId);

      const first = await payFromBank(client, { bankAccount: { paymentMethodId, saveForLater: true } });
      expect(first.statusCode).toBe(201);
      expect(first.json().payment).toMatchObject({ paymentStatus: 'processing' });
      const [saved] = await testApp.dataSource.query(
        `SELECT id, saved, customer_id, bank_name, last4 FROM payments.bank_accounts WHERE payment_method_id = $1`,
        [paymentMethodId],
      );
      expect(saved).toMatchObject({ saved: true, customer_id: customerId, bank_name: FAKE_TEST_BANK_NAME, last4: '6789' });

      const again = await payFromBank(client, { bankAccount: { savedAccountId: saved.id } });
      expect(again.statusCode).toBe(201);
      const debits = fake.requestsTo('POST', '/v1/payment_intents').filter((made) => made.stripeAccount === home.accountId);
      expect(debits.map((made) => [made.form.payment_method, made.form.customer])).toEqual([
        [paymentMethodId, customerId],
        [paymentMethodId, customerId],
      ]);
      expect(fake.charges.filter((made) => made.account === home.accountId)).toHaveLength(2);
    });

    it('is refused by Stripe, as Stripe refuses, when a customer’s payment method is debited without its customer', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      const client = await signIn(testApp, home.tenant);
      const paymentMethodId = fake.completeBankLink((await linkSession(client)).json().session.clientSecret, '000123456789');
      const debit = testApp.app.get(PaymentGateway).debitBankAccount({
        connectedAccountId: home.accountId,
        paymentMethodId,
        amountCents: RENT_CENTS,
        platformFeeCents: PLATFORM_FEE_CENTS,
        description: 'Rent payment: gateway test',
        idempotencyKey: randomUUID(),
        metadata: { cardPaymentId: 'gateway-test' },
        mandate: { acceptedAt: new Date(), ipAddress: '203.0.113.7', userAgent: USER_AGENT },
      });
      await expect(debit).rejects.toThrow(/belongs to the Customer cus_fake_\w+\. Please include the Customer in the `customer` parameter/);
      expect(fake.charges.filter((made) => made.account === home.accountId)).toEqual([]);
    });

    it('links another tenant of the same landlord on their own customer', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      const other = await anotherTenantOf(testApp, home);
      expect((await linkSession(await signIn(testApp, home.tenant))).statusCode).toBe(201);
      expect((await linkSession(await signIn(testApp, other))).statusCode).toBe(201);
      const [ours] = await customersOf(home.tenant.userId);
      const [theirs] = await customersOf(other.userId);
      expect(theirs.connected_account_id).toBe(home.accountId);
      expect(theirs.customer_id).not.toBe(ours.customer_id);
      const creates = fake.requestsTo('POST', '/v1/customers').filter((made) => made.stripeAccount === home.accountId);
      expect(creates.map((made) => made.form)).toEqual([
        { name: 'Sam Rivera', email: home.tenant.email },
        { name: 'Alex Moreno', email: other.email },
      ]);
    });

    describe('an account typed in by hand, verified days later by its microdeposits on Stripe’s page', () => {
      async function savedAccountsOf(client: SignedInClient) {
        const setup = (await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers })).json().setup;
        return setup.bankDebit.savedAccounts;
      }

      /** How each delivery of the SetupIntent's events was worked: its status, and the outcome when skipped. */
      async function inboxStatusOf(setupIntentId: string): Promise<string[]> {
        const rows = await testApp.dataSource.query(
          `SELECT status, outcome FROM infra.inbox WHERE event->'data'->>'id' = $1 ORDER BY received_at`,
          [setupIntentId],
        );
        return rows.map((row: { status: string; outcome: string }) => (row.status === 'skipped' ? `skipped: ${row.outcome}` : row.status));
      }

      async function linkedByHand(home: RentedHome, client: SignedInClient) {
        const paymentMethodId = fake.completeBankLink((await linkSession(client)).json().session.clientSecret, '000123456789', 'microdeposits');
        return { paymentMethodId, setupIntentId: fake.setupIntentOf(home.accountId, paymentMethodId) };
      }

      it('cannot be paid from until its microdeposits are verified: the not-verified refusal, and nothing debited', async () => {
        const home = await rentedHome(testApp, fake.enableCharges);
        const client = await signIn(testApp, home.tenant);
        const { paymentMethodId } = await linkedByHand(home, client);

        const refused = await payFromBank(client, { bankAccount: { paymentMethodId, saveForLater: true } });
        expect(refused.statusCode).toBe(402);
        expect(refused.json().error).toBe(MESSAGES.bankAccountNotVerified);
        // Stripe was asked whether a SetupIntent of the payment method had succeeded, on the landlord's account.
        expect(fake.requestsTo('GET', '/v1/setup_intents').map((made) => [made.stripeAccount, made.query.payment_method])).toContainEqual([home.accountId, paymentMethodId]);
        expect(fake.charges.filter((made) => made.account === home.accountId)).toEqual([]);
        expect(await savedAccountsOf(client)).toEqual([]);
      });

      it('verified (setup_intent.succeeded, delivered twice and at once), it is saved once for its tenant and can be paid from', async () => {
        const home = await rentedHome(testApp, fake.enableCharges);
        const client = await signIn(testApp, home.tenant);
        const { paymentMethodId, setupIntentId } = await linkedByHand(home, client);
        const verified = fake.verifyMicrodeposits(home.accountId, setupIntentId);
        await Promise.all([handled(verified), handled(verified.map((event) => ({ ...event })))]);
        await handled(verified);

        const saved = await savedAccountsOf(client);
        expect(saved).toEqual([{ id: expect.any(String), bankName: FAKE_TEST_BANK_NAME, last4: '6789' }]);
        const [{ customer_id: customerId }] = await customersOf(home.tenant.userId);
        expect(await testApp.dataSource.query(`SELECT tenant_user_id, saved, customer_id FROM payments.bank_accounts WHERE payment_method_id = $1`, [paymentMethodId])).toEqual([
          { tenant_user_id: home.tenant.userId, saved: true, customer_id: customerId },
        ]);
        expect(await inboxStatusOf(setupIntentId)).toEqual(['done', 'done', 'done']);

        const paid = await payFromBank(client, { bankAccount: { savedAccountId: saved[0].id } });
        expect(paid.statusCode).toBe(201);
        expect(paid.json().payment).toMatchObject({ paymentStatus: 'processing' });
        // Linked through its SetupIntent, the account is also usable when named by its payment method.
        expect((await payFromBank(client, { bankAccount: { paymentMethodId } })).statusCode).toBe(201);
      });

      it('an account verified as it was linked is left to the payment screen: its event saves nothing', async () => {
        const home = await rentedHome(testApp, fake.enableCharges);
        const client = await signIn(testApp, home.tenant);
        const paymentMethodId = fake.completeBankLink((await linkSession(client)).json().session.clientSecret, '000123456789');
        const events = fake.takeEvents(home.accountId);
        expect(events.map((event) => event.type)).toEqual(['setup_intent.succeeded']);
        await handled(events);
        expect(await inboxStatusOf(fake.setupIntentOf(home.accountId, paymentMethodId))).toEqual(['skipped: verified as it was linked, on the payment screen']);
        expect(await savedAccountsOf(client)).toEqual([]);
      });

      it('skips a verified SetupIntent of a customer we did not make, and saves nothing', async () => {
        const home = await rentedHome(testApp, fake.enableCharges);
        const { clientSecret } = await testApp.app.get(PaymentGateway).createBankLinkSession({
          connectedAccountId: home.accountId,
          customerId: null,
          customer: { name: 'Someone Else', email: 'someone@example.com' },
          idempotencyKey: randomUUID(),
        });
        const paymentMethodId = fake.completeBankLink(clientSecret, '000123456789', 'microdeposits');
        const setupIntentId = fake.setupIntentOf(home.accountId, paymentMethodId);
        await handled(fake.verifyMicrodeposits(home.accountId, setupIntentId));
        expect(await inboxStatusOf(setupIntentId)).toEqual(['skipped: not a customer of ours']);
        expect(await testApp.dataSource.query(`SELECT id FROM payments.bank_accounts WHERE payment_method_id = $1`, [paymentMethodId])).toEqual([]);
      });
    });

    it('answers 409 when the landlord cannot take bank debits, and asks Stripe for nothing', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      await testApp.dataSource.query(`UPDATE onboarding.registrations SET payout_bank_debits_enabled = false WHERE payout_account_id = $1`, [home.accountId]);
      const refused = await linkSession(await signIn(testApp, home.tenant));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ status: 'error', error: MESSAGES.bankDebitsNotOffered });
      expect(fake.requestsTo('POST', /^\/v1\/(customers|setup_intents)$/).filter((made) => made.stripeAccount === home.accountId)).toEqual([]);
      expect(await customersOf(home.tenant.userId)).toEqual([]);
    });
  });
});
