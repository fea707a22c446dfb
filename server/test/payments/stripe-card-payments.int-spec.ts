import { MESSAGES } from '@rentwise/libs/messages';
import { randomUUID } from 'node:crypto';
import { FakeStripe, stripeEnvFor } from '../support/fake-stripe';
import { startTestApp, TestApp } from '../support/test-app';
import { ledgerRowsOf, payRent, rentedHome, signIn } from './payment-support';

/** The real stripe SDK over HTTP against the local fake of Stripe (STRIPE_API_BASE). */
describe('tenants pay rent by card (Stripe direct charges)', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  beforeAll(async () => {
    fake = await FakeStripe.start();
    testApp = await startTestApp(stripeEnvFor(fake));
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('tells the card form to use Stripe.js on the landlord\'s account', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const client = await signIn(testApp, home.tenant);
    const setup = await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers });
    expect(setup.json().setup).toMatchObject({
      gateway: 'stripe',
      publishableKey: 'pk_test_x',
      connectedAccountId: home.accountId,
      canPay: true,
    });
  });

  it('creates a confirmed PaymentIntent on the connected account with our platform fee as application fee, and records Stripe\'s fee', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const client = await signIn(testApp, home.tenant);
    const idempotencyKey = randomUUID();

    const response = await payRent(testApp, client, { amountCents: 150_000, paymentMethodId: 'pm_card_visa', idempotencyKey });
    expect(response.statusCode).toBe(201);
    expect(response.json().payment).toMatchObject({ chargedCents: 150_699, amountCents: 150_000, processingFeeCents: 699 });

    const [intent] = fake.requestsTo('POST', '/v1/payment_intents');
    expect(intent.stripeAccount).toBe(home.accountId);
    expect(intent.idempotencyKey).toBe(idempotencyKey);
    expect(intent.authorization).toBe('Bearer sk_test_x');
    expect(intent.form).toMatchObject({
      amount: '150699',
      currency: 'usd',
      application_fee_amount: '699',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'expand[0]': 'latest_charge.balance_transaction',
      description: `Rent payment: ${home.address}`,
    });
    expect(intent.form).not.toHaveProperty('transfer_data[destination]');

    const charge = fake.charges.find((made) => made.account === home.accountId)!;
    const [attempt] = await testApp.dataSource.query(
      `SELECT connected_account_id, payment_intent_id, charge_id, balance_transaction_id, processor_fee_cents,
              platform_fee_cents, card_brand, card_last4, ledger_transaction_id
         FROM payments.card_payments WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    expect(attempt).toMatchObject({
      connected_account_id: home.accountId,
      payment_intent_id: charge.paymentIntentId,
      charge_id: charge.chargeId,
      balance_transaction_id: expect.stringMatching(/^txn_fake_/),
      processor_fee_cents: String(charge.stripeFee),
      platform_fee_cents: '699',
      card_brand: 'visa',
      card_last4: '4242',
      ledger_transaction_id: response.json().payment.receiptId,
    });
    const [journal] = await testApp.dataSource.query(
      `SELECT provider, provider_reference FROM payments.ledger_transactions WHERE id = $1`,
      [attempt.ledger_transaction_id],
    );
    expect(journal).toEqual({ provider: 'stripe', provider_reference: `${home.accountId}/${charge.chargeId}` });
  });

  it('charges once when the first answer is lost: the SDK retries with the same key and Stripe replays it', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const client = await signIn(testApp, home.tenant);
    const idempotencyKey = randomUUID();
    fake.dropNextResponse('POST', '/v1/payment_intents');

    const response = await payRent(testApp, client, { amountCents: 90_000, paymentMethodId: 'pm_card_visa', idempotencyKey });
    expect(response.statusCode).toBe(201);

    const attempts = fake.requestsTo('POST', '/v1/payment_intents').filter((request) => request.stripeAccount === home.accountId);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts.map((request) => request.idempotencyKey))).toEqual(new Set([idempotencyKey]));
    expect(fake.charges.filter((made) => made.account === home.accountId)).toHaveLength(1);
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(1);

    // The tenant's own retry of the same attempt changes nothing either.
    const retried = await payRent(testApp, client, { amountCents: 90_000, paymentMethodId: 'pm_card_visa', idempotencyKey });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().payment).toEqual(response.json().payment);
    expect(fake.charges.filter((made) => made.account === home.accountId)).toHaveLength(1);
  });

  it('asks the tenant to try again when Stripe never answers, and the retry of that attempt charges once', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const client = await signIn(testApp, home.tenant);
    const idempotencyKey = randomUUID();
    // The first call and both of the SDK's retries reach Stripe, but no answer comes back.
    for (let i = 0; i < 3; i++) fake.dropNextResponse('POST', '/v1/payment_intents');

    const unanswered = await payRent(testApp, client, { amountCents: 80_000, paymentMethodId: 'pm_card_visa', idempotencyKey });
    expect(unanswered.statusCode).toBe(503);
    expect(unanswered.json()).toEqual({ status: 'error', error: 'Please refresh and try again.' });
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(0);

    const retried = await payRent(testApp, client, { amountCents: 80_000, paymentMethodId: 'pm_card_visa', idempotencyKey });
    expect(retried.statusCode).toBe(201);
    expect(fake.charges.filter((made) => made.account === home.accountId)).toHaveLength(1);
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(1);
  });

  it('shows Stripe\'s own message for a declined card and records nothing', async () => {
    const home = await rentedHome(testApp, fake.enableCharges);
    const client = await signIn(testApp, home.tenant);
    const response = await payRent(testApp, client, {
      amountCents: 10_000,
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
      idempotencyKey: randomUUID(),
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ status: 'error', error: 'Your card has insufficient funds.' });
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(0);
  });

  describe('whether the landlord\'s account takes charges (decision 0026)', () => {
    const accountReads = (accountId: string) => fake.requestsTo('GET', `/v1/accounts/${accountId}`).length;
    const knownChargesEnabled = async (accountId: string): Promise<boolean | null> => {
      const [row] = await testApp.dataSource.query(`SELECT payout_charges_enabled FROM onboarding.registrations WHERE payout_account_id = $1`, [
        accountId,
      ]);
      return row.payout_charges_enabled;
    };

    it('trusts what Stripe last said: the payment screen and the payment ask nothing about the account', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      const client = await signIn(testApp, home.tenant);
      const setup = await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers });
      expect(setup.json().setup).toMatchObject({ canPay: true });
      const response = await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: 'pm_card_visa', idempotencyKey: randomUUID() });
      expect(response.statusCode).toBe(201);
      expect(accountReads(home.accountId)).toBe(0);
    });

    it('asks again after a no, so an account enabled before its account.updated arrives takes rent at once, and remembers it', async () => {
      const home = await rentedHome(testApp, fake.enableCharges, { chargesEnabled: false });
      await fake.enableCharges(home.accountId, true);
      const client = await signIn(testApp, home.tenant);
      const setup = await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers });
      expect(setup.json().setup).toMatchObject({ canPay: true, connectedAccountId: home.accountId });
      expect(await knownChargesEnabled(home.accountId)).toBe(true);

      const response = await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: 'pm_card_visa', idempotencyKey: randomUUID() });
      expect(response.statusCode).toBe(201);
      expect(accountReads(home.accountId)).toBe(1);
    });

    it('refuses with the landlord\'s message when Stripe stopped the account since its last word, charges nothing, and remembers it', async () => {
      const home = await rentedHome(testApp, fake.enableCharges);
      await fake.enableCharges(home.accountId, false);
      const client = await signIn(testApp, home.tenant);

      const response = await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: 'pm_card_visa', idempotencyKey: randomUUID() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.landlordCannotBePaid });
      expect(fake.charges.filter((made) => made.account === home.accountId)).toHaveLength(0);
      expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(0);
      expect(await knownChargesEnabled(home.accountId)).toBe(false);

      const setup = await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers });
      expect(setup.json().setup).toMatchObject({ canPay: false, cannotPayReason: MESSAGES.landlordCannotBePaid });
    });
  });

  it('does not call Stripe to charge a landlord whose account cannot take charges', async () => {
    const home = await rentedHome(testApp, fake.enableCharges, { chargesEnabled: false });
    const client = await signIn(testApp, home.tenant);
    const response = await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: 'pm_card_visa', idempotencyKey: randomUUID() });
    expect(response.statusCode).toBe(409);
    expect(fake.requestsTo('POST', '/v1/payment_intents').filter((request) => request.stripeAccount === home.accountId)).toHaveLength(0);
  });
});
