import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { MESSAGES } from '@rentwise/libs/messages';
import { SIGN_IN_FRESHNESS_MS } from '@rentwise/libs/payment-rules';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { ReceiptEmailProcessor } from '../../src/modules/payments/emails/receipt-email.processor';
import { signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { ledgerRowsOf, payRent, rentedHome, RentedHome, signIn, tokenizeCard } from './payment-support';
import { putOnAuthorizeNet } from '../support/authorize-net-accounts';

const SUCCESS_CARD = '4242424242424242';

describe('tenants pay rent by card (sandbox gateway)', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2026-05-04T15:00:00Z'));
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app
      .get(SandboxAccounts)
      .update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
  });
  afterAll(() => testApp.close());

  async function cardId(number = SUCCESS_CARD): Promise<string> {
    const response = await tokenizeCard(testApp, { number });
    expect(response.statusCode).toBe(200);
    return response.json().id;
  }

  async function paidHome(): Promise<RentedHome & { tenantClient: Awaited<ReturnType<typeof signIn>> }> {
    const home = await rentedHome(testApp, enable);
    return { ...home, tenantClient: await signIn(testApp, home.tenant) };
  }

  it('shows the payment setup: rent, the fee of the day, the sandbox card form and this session\'s sign-in', async () => {
    const home = await paidHome();
    const response = await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: home.tenantClient.headers });
    expect(response.json()).toEqual({
      status: 'success',
      setup: {
        rentCents: 150_000,
        balanceCents: expect.any(Number),
        processingFeeCents: 699,
        gateway: 'sandbox',
        publishableKey: null,
        cardGateway: 'stripe',
        authorizeNetSetup: null,
        connectedAccountId: home.accountId,
        // The sandbox account takes bank debits too (tests of paying from a bank: bank-debits.int-spec).
        bankDebit: expect.objectContaining({ feeCents: 0, linkWith: 'sandbox', savedAccounts: [] }),
        canPay: true,
        cannotPayReason: null,
        signedInAt: clock.now().toISOString(),
      },
    });
  });

  it('charges the entered amount plus the fee once, records it at the charge time, and shows history, receipts and an email', async () => {
    const home = await paidHome();
    const idempotencyKey = randomUUID();
    const paymentMethodId = await cardId();
    expect(paymentMethodId).toMatch(/^pm_sandbox_/);

    const response = await payRent(testApp, home.tenantClient, { amountCents: 150_000, paymentMethodId, idempotencyKey });
    expect(response.statusCode).toBe(201);
    const { payment } = response.json();
    expect(payment).toEqual({
      receiptId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      chargedCents: 150_699,
      amountCents: 150_000,
      processingFeeCents: 699,
      paidAt: clock.now().toISOString(),
      paymentStatus: 'succeeded',
    });

    const [charge] = await testApp.dataSource.query(
      `SELECT account_id, idempotency_key, amount_cents, application_fee_cents, created_at FROM infra.sandbox_charges WHERE account_id = $1`,
      [home.accountId],
    );
    expect(charge).toMatchObject({ idempotency_key: idempotencyKey, amount_cents: '150699', application_fee_cents: '699' });
    const [journal] = await testApp.dataSource.query(
      `SELECT occurred_at, provider, provider_reference FROM payments.ledger_transactions WHERE id = $1`,
      [payment.receiptId],
    );
    expect(journal.occurred_at.toISOString()).toBe(charge.created_at.toISOString());
    expect(journal.provider_reference).toMatch(new RegExp(`^${home.accountId}/ch_sandbox_`));
    const entries = await testApp.dataSource.query(
      `SELECT account, amount_cents FROM payments.ledger_entries WHERE transaction_id = $1 ORDER BY account`,
      [payment.receiptId],
    );
    expect(entries).toEqual([
      { account: 'landlord_payable', amount_cents: '150000' },
      { account: 'processing_fees', amount_cents: '699' },
      { account: 'tenant_card', amount_cents: '-150699' },
    ]);
    const [attempt] = await testApp.dataSource.query(
      `SELECT status, connected_account_id, payment_intent_id, charge_id, processor_fee_cents, card_brand, card_last4
         FROM payments.card_payments WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    expect(attempt).toMatchObject({
      status: 'succeeded',
      connected_account_id: home.accountId,
      processor_fee_cents: String(Math.round(150_699 * 0.029) + 30),
      card_brand: 'visa',
      card_last4: '4242',
    });

    const history = await testApp.request({ method: 'GET', url: '/api/tenant/payments', headers: home.tenantClient.headers });
    expect(history.json()).toEqual({
      status: 'success',
      rows: [
        {
          receiptId: payment.receiptId,
          paidAt: payment.paidAt,
          chargedCents: 150_699,
          description: `Rent payment: ${home.address}`,
          status: 'succeeded',
          failureReason: null,
          automatic: false,
        },
      ],
    });

    const tenantReceipt = await testApp.request({
      method: 'GET',
      url: `/api/tenant/payments/${payment.receiptId}`,
      headers: home.tenantClient.headers,
    });
    expect(tenantReceipt.json()).toEqual({
      status: 'success',
      receipt: {
        receiptId: payment.receiptId,
        mode: 'tenant',
        status: 'Paid',
        disputedAfterRefund: null,
        amountCents: 150_699,
        paidAt: payment.paidAt,
        tenantFeeCents: 699,
        paidBy: 'Sam Rivera',
        paidTo: 'Dana Whitaker',
        paymentMethod: 'Visa •••• 4242',
        transactionId: payment.receiptId,
        propertyAddress: home.address,
        description: `Rent payment: ${home.address}`,
        landlordContact: { name: 'Dana Whitaker', email: home.landlord.email, phone: '(555) 201-4410' },
        failureReason: null,
        automatic: false,
        recorded: null,
        refunds: [],
        refundedCents: 0,
        refundOption: null,
      },
    });
    const landlordClient = await signIn(testApp, home.landlord);
    const landlordReceipt = await testApp.request({
      method: 'GET',
      url: `/api/landlord/payments/${payment.receiptId}`,
      headers: landlordClient.headers,
    });
    expect(landlordReceipt.json().receipt).toMatchObject({ mode: 'landlord', amountCents: 150_000, landlordContact: null });

    const email = await waitFor(
      () =>
        testApp.mailbox
          .list()
          .find((sent) => sent.to.includes(home.tenant.email) && sent.subject === 'Your rent payment of $1,506.99 to Dana Whitaker'),
      { what: 'the receipt email' },
    );
    expect(email.text).toContain(`/tenant/payment-receipt/${payment.receiptId}`);
    expect(email.text).toContain('Visa •••• 4242');
    // The $6.99 pays for the card processing; it is not the landlord's.
    expect(email.text).toContain('You paid $1,506.99 ($1,500.00 rent + $6.99 processing fee); the rent goes to Dana Whitaker.');
    expect(email.text).not.toContain('has been paid');

    // The receipt's job run again (a worker killed after it sent the email) sends nothing more.
    const [receiptJob] = await testApp.dataSource.query(
      `SELECT id, job_name AS name, payload AS data FROM infra.outbox WHERE queue = 'receipt-emails' AND payload->>'receiptId' = $1`,
      [payment.receiptId],
    );
    await expect(testApp.app.get(ReceiptEmailProcessor).process(receiptJob)).resolves.toEqual({ outcome: 'sent-before' });
    const receiptEmails = testApp.mailbox.list().filter((sent) => sent.text.includes(`/tenant/payment-receipt/${payment.receiptId}`));
    expect(receiptEmails).toHaveLength(1);

    // A request naming someone who is not the receipt's tenant sends nothing: the receipt is read as that person sees it.
    const stranger = { ...receiptJob, id: randomUUID(), data: { ...receiptJob.data, tenantUserId: randomUUID() } };
    await expect(testApp.app.get(ReceiptEmailProcessor).process(stranger)).resolves.toEqual({ outcome: 'nothing-to-send' });
  });

  it("takes a receipt email's stalled job back within seconds, as the mail queue does", () => {
    const worker = testApp.app.get(ReceiptEmailProcessor).worker;
    expect(worker.opts.lockDuration).toBeLessThanOrEqual(15_000);
    expect(worker.opts.stalledInterval).toBeLessThanOrEqual(5_000);
  });

  it('answers a repeated attempt with the first result and charges once; the same key with other input is refused', async () => {
    const home = await paidHome();
    const body = { amountCents: 20_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() };
    const [first, doubled] = await Promise.all([payRent(testApp, home.tenantClient, body), payRent(testApp, home.tenantClient, body)]);
    const again = await payRent(testApp, home.tenantClient, body);

    expect([first.statusCode, doubled.statusCode].sort()).toEqual([200, 201]);
    expect(again.statusCode).toBe(200);
    expect(doubled.json().payment).toEqual(first.json().payment);
    expect(again.json().payment).toEqual(first.json().payment);
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(1);
    const charges = await testApp.dataSource.query(`SELECT id FROM infra.sandbox_charges WHERE account_id = $1`, [home.accountId]);
    expect(charges).toHaveLength(1);

    const changed = await payRent(testApp, home.tenantClient, { ...body, amountCents: 30_000 });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ status: 'error', error: MESSAGES.paymentAttemptReused });

    // A retry that comes after the tenancy ended (a new attempt would be refused) still gets its payment.
    await testApp.dataSource.query(`UPDATE tenants.tenancies SET ended_at = now(), end_reason = 'moved' WHERE tenant_user_id = $1`, [home.tenant.userId]);
    const afterTheEnd = await payRent(testApp, home.tenantClient, body);
    expect(afterTheEnd.statusCode).toBe(200);
    expect(afterTheEnd.json().payment).toEqual(first.json().payment);
    expect((await payRent(testApp, home.tenantClient, { ...body, amountCents: 30_000 })).json()).toEqual({
      status: 'error',
      error: MESSAGES.paymentAttemptReused,
    });
    const fresh = await payRent(testApp, home.tenantClient, { ...body, idempotencyKey: randomUUID() });
    expect(fresh.json()).toEqual({ status: 'error', error: MESSAGES.noTenancyToPay });
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(1);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4000000000000127', "Your card's security code is incorrect."],
  ])('refuses test card %s with the provider\'s message and records nothing', async (number, message) => {
    const home = await paidHome();
    const body = { amountCents: 10_000, paymentMethodId: await cardId(number), idempotencyKey: randomUUID() };
    const response = await payRent(testApp, home.tenantClient, body);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ status: 'error', error: message });
    expect((await payRent(testApp, home.tenantClient, body)).json()).toEqual({ status: 'error', error: message });
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(0);
  });

  it('refuses a mistyped card number and a real card at the card form, as Stripe test mode does', async () => {
    const mistyped = await tokenizeCard(testApp, { number: '4242424242424241' });
    expect(mistyped.statusCode).toBe(402);
    expect(mistyped.json()).toEqual({ status: 'error', error: 'Your card number is invalid.' });
    const real = await tokenizeCard(testApp, { number: '4111111111111111' });
    expect(real.json().error).toMatch(/^Your card was declined\. Your request was in test mode, but used a non test card/);
    const rows = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM infra.sandbox_payment_methods WHERE last4 = '1111'`);
    expect(rows[0].n).toBe(0);
  });

  it('serves the card form outside /api only', async () => {
    const insideApi = await testApp.request({ method: 'POST', url: '/api/sandbox/v1/payment_methods', payload: {} });
    expect(insideApi.statusCode).toBe(404);
  });

  it('refuses a payment body that carries card details, and charges nothing', async () => {
    const home = await paidHome();
    for (const extra of [{ cardNumber: SUCCESS_CARD }, { number: SUCCESS_CARD, cvc: '123' }]) {
      const response = await payRent(testApp, home.tenantClient, {
        amountCents: 10_000,
        paymentMethodId: await cardId(),
        idempotencyKey: randomUUID(),
        ...extra,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.paymentFieldsRefused });
    }
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(0);
  });

  it('refuses to pay a landlord whose payout account cannot take charges, or who has none, and charges nothing', async () => {
    for (const options of [{ chargesEnabled: false }, { payoutAccount: false }]) {
      const home = await rentedHome(testApp, enable, options);
      const client = await signIn(testApp, home.tenant);
      const setup = await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: client.headers });
      expect(setup.json().setup).toMatchObject({ canPay: false, cannotPayReason: MESSAGES.landlordCannotBePaid });

      const response = await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.landlordCannotBePaid });
      expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(0);
      if (home.accountId) {
        const charges = await testApp.dataSource.query(`SELECT id FROM infra.sandbox_charges WHERE account_id = $1`, [home.accountId]);
        expect(charges).toHaveLength(0);
      }
    }
  });

  it('refuses a card payment to a landlord moved to Authorize.Net since the page loaded, with or without a payout account here', async () => {
    for (const options of [{}, { payoutAccount: false }]) {
      const home = await rentedHome(testApp, enable, options);
      const client = await signIn(testApp, home.tenant);
      await putOnAuthorizeNet(testApp, home.landlord.userId);

      const response = await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.cardGatewayChanged });
      const attempts = await testApp.dataSource.query(`SELECT id FROM payments.card_payments WHERE tenant_user_id = $1`, [home.tenant.userId]);
      expect(attempts).toHaveLength(0);
      if (home.accountId) {
        const charges = await testApp.dataSource.query(`SELECT id FROM infra.sandbox_charges WHERE account_id = $1`, [home.accountId]);
        expect(charges).toHaveLength(0);
      }
    }
  });

  it('needs a sign-in of this session under 30 minutes old: signing in on another device does not refresh it', async () => {
    const home = await rentedHome(testApp, enable);
    const firstDevice = await signIn(testApp, home.tenant);
    clock.advanceMs(SIGN_IN_FRESHNESS_MS - 1000);
    const secondDevice = await signIn(testApp, home.tenant);
    clock.advanceMs(1000);

    const stale = await payRent(testApp, firstDevice, { amountCents: 10_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ status: 'error', error: MESSAGES.staleLogin, code: 'reauthenticate' });
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(0);

    const setup = await testApp.request({ method: 'GET', url: '/api/tenant/payment-setup', headers: firstDevice.headers });
    expect(new Date(setup.json().setup.signedInAt).getTime()).toBe(clock.now().getTime() - SIGN_IN_FRESHNESS_MS);

    const fresh = await payRent(testApp, secondDevice, { amountCents: 10_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() });
    expect(fresh.statusCode).toBe(201);
  });

  it('shows a receipt only to its payer and payee: other tenants, other landlords and bad ids get 404', async () => {
    const home = await paidHome();
    const paid = await payRent(testApp, home.tenantClient, { amountCents: 10_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() });
    const { receiptId } = paid.json().payment;
    const otherHome = await rentedHome(testApp, enable);
    const otherTenant = await signIn(testApp, otherHome.tenant);
    const otherLandlord = await signIn(testApp, otherHome.landlord);
    const landlord = await signIn(testApp, home.landlord);

    const get = (url: string, headers: Record<string, string>) => testApp.request({ method: 'GET', url, headers });
    for (const [url, headers] of [
      [`/api/tenant/payments/${receiptId}`, otherTenant.headers],
      [`/api/landlord/payments/${receiptId}`, otherLandlord.headers],
      [`/api/tenant/payments/not-a-uuid`, home.tenantClient.headers],
      [`/api/landlord/payments/${randomUUID()}`, landlord.headers],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.notFound });
    }
    expect((await get(`/api/landlord/payments/${receiptId}`, landlord.headers)).statusCode).toBe(200);
    expect((await get(`/api/tenant/payments/${receiptId}`, home.tenantClient.headers)).statusCode).toBe(200);
    // Each role opens its own view only.
    const operator = await signedInUser(testApp, { type: 'operator' });
    expect((await get(`/api/landlord/payments/${receiptId}`, operator.headers)).statusCode).toBe(403);
  });
});

describe('a payment run leaves no card number in the logs', () => {
  let testApp: TestApp;
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
  };

  beforeAll(async () => {
    const writeSync = fs.writeSync.bind(fs) as (...args: unknown[]) => number;
    jest.spyOn(fs, 'writeSync').mockImplementation(((fd: number, chunk: unknown, ...rest: unknown[]) => {
      if (fd !== 1 && fd !== 2) return writeSync(fd, chunk, ...rest);
      capture(chunk);
      return typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Buffer).length;
    }) as typeof fs.writeSync);
    jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
      capture(chunk);
      return true;
    }) as typeof process.stdout.write);
    testApp = await startTestApp({ LOG_LEVEL: 'trace' });
  });
  afterAll(async () => {
    await testApp.close();
    jest.restoreAllMocks();
  });

  it('logs the requests of tokenizing, refusing and paying without the card number', async () => {
    const home = await rentedHome(testApp, async (accountId, chargesEnabled) => {
      await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: true, detailsSubmitted: true });
    });
    const client = await signIn(testApp, home.tenant);
    const card = await tokenizeCard(testApp, { number: SUCCESS_CARD });
    await tokenizeCard(testApp, { number: '4242 4242 4242 4241' });
    await tokenizeCard(testApp, { number: '4000000000000002', cvc: 'abcde' });
    await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: card.json().id, idempotencyKey: randomUUID(), cardNumber: SUCCESS_CARD });
    const paid = await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: card.json().id, idempotencyKey: randomUUID() });
    expect(paid.statusCode).toBe(201);

    const logs = written.join('');
    expect(logs).toContain('/sandbox/v1/payment_methods');
    expect(logs).toContain('/api/tenant/payments');
    for (const number of [SUCCESS_CARD, '4242424242424241', '4242 4242 4242 4241', '4000000000000002']) {
      expect(logs).not.toContain(number);
    }
  });
});
