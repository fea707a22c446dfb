import { randomUUID } from 'node:crypto';
import { REPEAT_PAYMENT_WINDOW_MS } from '@rentwise/libs/payment-rules';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { SignedInClient } from '../support/accounts';
import { newAuthorizeNetKeys, putOnAuthorizeNet } from '../support/authorize-net-accounts';
import { FakeAuthorizeNet } from '../support/fake-authorize-net';
import { startTestApp, TestApp } from '../support/test-app';
import { ledgerRowsOf, payRent, rentedHome, RentedHome, signIn, tokenizeCard } from './payment-support';

/**
 * Issue 32, item 7: each tab has its own idempotency key, so a tenant paying in two tabs paid twice.
 * A second payment for the same home within 10 minutes answers 409 (code confirm-repeat) with the
 * question to ask, charging nothing, until the tenant confirms it; the same key still replays.
 */
describe('a second payment for the same home within 10 minutes', () => {
  let fake: FakeAuthorizeNet;
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2026-05-04T15:00:00Z'));
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };

  beforeAll(async () => {
    fake = await FakeAuthorizeNet.start();
    testApp = await startTestApp(
      { AUTHORIZE_NET_ENVIRONMENT: 'sandbox', AUTHORIZE_NET_API_BASE: fake.url },
      { clock },
    );
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  async function cardId(number = '4242424242424242'): Promise<string> {
    return (await tokenizeCard(testApp, { number })).json().id;
  }

  async function tenantOf(): Promise<{ home: RentedHome; client: SignedInClient }> {
    const home = await rentedHome(testApp, enable);
    return { home, client: await signIn(testApp, home.tenant) };
  }

  const chargesOf = async (accountId: string): Promise<number> =>
    (await testApp.dataSource.query(`SELECT count(*)::int AS n FROM infra.sandbox_charges WHERE account_id = $1`, [accountId]))[0].n;

  it('asks before paying again, charges nothing until the tenant confirms, then pays', async () => {
    const { home, client } = await tenantOf();
    const first = await payRent(testApp, client, { amountCents: 185_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() });
    expect(first.statusCode).toBe(201);

    // The second tab: its own card form, its own key.
    const second = { amountCents: 185_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() };
    const asked = await payRent(testApp, client, second);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      status: 'error',
      error: 'You paid $1,856.99 for this home less than a minute ago. Pay again?',
      code: 'confirm-repeat',
    });
    clock.advanceMs(3 * 60_000 + 30_000);
    expect((await payRent(testApp, client, second)).json().error).toBe('You paid $1,856.99 for this home 3 minutes ago. Pay again?');
    const stored = await testApp.dataSource.query(`SELECT id FROM payments.card_payments WHERE idempotency_key = $1`, [second.idempotencyKey]);
    expect(stored).toHaveLength(0);
    expect(await chargesOf(home.accountId)).toBe(1);

    const confirmed = await payRent(testApp, client, { ...second, confirmRepeat: true });
    expect(confirmed.statusCode).toBe(201);
    expect(await chargesOf(home.accountId)).toBe(2);
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(2);
  });

  it('still answers a retried key with its first result, without asking', async () => {
    const { home, client } = await tenantOf();
    const body = { amountCents: 20_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() };
    const first = await payRent(testApp, client, body);
    expect(first.statusCode).toBe(201);
    const retried = await payRent(testApp, client, body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().payment).toEqual(first.json().payment);
    expect(await chargesOf(home.accountId)).toBe(1);
  });

  it('asks while the first payment is under 10 minutes old, and not at 10 minutes', async () => {
    const { home } = await tenantOf();
    const paidAt = clock.now();
    const first = await payRent(testApp, await signIn(testApp, home.tenant), { amountCents: 10_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() });
    expect(first.statusCode).toBe(201);

    clock.set(new Date(paidAt.getTime() + REPEAT_PAYMENT_WINDOW_MS - 1));
    const client = await signIn(testApp, home.tenant);
    const body = { amountCents: 10_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() };
    const justInside = await payRent(testApp, client, body);
    expect(justInside.statusCode).toBe(409);
    expect(justInside.json().error).toBe('You paid $106.99 for this home 9 minutes ago. Pay again?');

    clock.advanceMs(1);
    expect((await payRent(testApp, client, body)).statusCode).toBe(201);
  });

  it('asks about a payment still going through, and not about a declined one', async () => {
    const { client } = await tenantOf();
    const declined = await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: await cardId('4000000000000002'), idempotencyKey: randomUUID() });
    expect(declined.statusCode).toBe(402);
    const paid = await payRent(testApp, client, { amountCents: 10_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() });
    expect(paid.statusCode).toBe(201);

    // An attempt whose provider never answered stays pending: it may yet be charged.
    const { home: other, client: otherClient } = await tenantOf();
    await testApp.dataSource.query(
      `INSERT INTO payments.card_payments (idempotency_key, input_hash, status, tenant_user_id, landlord_user_id, property_id, amount_cents,
         processing_fee_cents, charged_cents, platform_fee_cents, description, provider, connected_account_id, payment_method_id,
         created_at, updated_at)
       VALUES ($1, 'hash', 'pending', $2, $3, $4, 50000, 699, 50699, 699, 'Rent payment', 'sandbox', $5, 'pm_x', $6, $6)`,
      [randomUUID(), other.tenant.userId, other.landlord.userId, other.propertyId, other.accountId, new Date(clock.now().getTime() - 2 * 60_000)],
    );
    const asked = await payRent(testApp, otherClient, { amountCents: 50_000, paymentMethodId: await cardId(), idempotencyKey: randomUUID() });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      status: 'error',
      error: 'You started a payment of $506.99 for this home 2 minutes ago, and it may still be going through. Pay again?',
      code: 'confirm-repeat',
    });
  });

  it('asks on Authorize.Net too', async () => {
    const home = await rentedHome(testApp, enable, { payoutAccount: false });
    await putOnAuthorizeNet(testApp, home.landlord.userId, newAuthorizeNetKeys());
    const client = await signIn(testApp, home.tenant);
    const payDirect = (payload: Record<string, unknown>) =>
      testApp.request({ method: 'POST', url: '/api/tenant/payments/direct', headers: client.headers, payload });
    const body = () => ({
      amountCents: 120_000,
      paymentNonce: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: `fake-nonce-approve-${randomUUID()}` },
      card: { brand: 'visa', last4: '1111' },
      idempotencyKey: randomUUID(),
    });
    const first = body();
    expect((await payDirect(first)).statusCode).toBe(201);
    expect((await payDirect(first)).statusCode).toBe(200);

    const second = body();
    const charges = fake.requestsOf('createTransactionRequest').length;
    const asked = await payDirect(second);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      status: 'error',
      error: 'You paid $1,206.99 for this home less than a minute ago. Pay again?',
      code: 'confirm-repeat',
    });
    expect(fake.requestsOf('createTransactionRequest')).toHaveLength(charges);

    expect((await payDirect({ ...second, confirmRepeat: true })).statusCode).toBe(201);
    expect(await ledgerRowsOf(testApp, home.tenant.userId)).toHaveLength(2);
  });
});
