import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DECLINE_WINDOW_MS } from '@rentwise/libs/declined-cards';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { PaymentGateway } from '../../src/modules/payments/gateways/payment-gateway.port';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { signedInUser, SignedInClient } from '../support/accounts';
import { newAuthorizeNetKeys, putOnAuthorizeNet } from '../support/authorize-net-accounts';
import { FakeAuthorizeNet } from '../support/fake-authorize-net';
import { startTestApp, TestApp } from '../support/test-app';
import { rentedHome, RentedHome, signIn, tokenizeCard } from './payment-support';

const DECLINED_CARD = '4000000000000002';
const GOOD_CARD = '4242424242424242';

/**
 * Issue 32, item 3: thirty declined cards in a row from one tenant all reached the provider. After
 * 5 declines in an hour from a tenant or from a network address, payments answer 429 with when to
 * try again, and the provider is not asked; the operator sees who is near the limit or past it.
 */
describe('the limit on declined cards', () => {
  let fake: FakeAuthorizeNet;
  let testApp: TestApp;
  // 11:00 in New York (the landlords' default time zone), so the hour ends at 12:00 PM EDT.
  const clock = new FixedClock(new Date('2026-05-04T15:00:00Z'));
  const enable = async (accountId: string, chargesEnabled: boolean) => {
    await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
  };
  let addresses = 0;
  /** Each test pays from addresses of its own, so one test's declines never limit another's. */
  const newAddress = () => `203.0.113.${++addresses}`;

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
  afterEach(() => jest.restoreAllMocks());

  async function cardId(number: string): Promise<string> {
    return (await tokenizeCard(testApp, { number })).json().id;
  }

  function pay(client: SignedInClient, address: string, payload: Record<string, unknown>) {
    return testApp.request({ method: 'POST', url: '/api/tenant/payments', headers: client.headers, payload, remoteAddress: address });
  }

  async function declineFrom(client: SignedInClient, address: string): Promise<void> {
    const response = await pay(client, address, { amountCents: 10_000, paymentMethodId: await cardId(DECLINED_CARD), idempotencyKey: randomUUID() });
    expect(response.statusCode).toBe(402);
  }

  async function tenantOf(home?: RentedHome): Promise<{ home: RentedHome; client: SignedInClient }> {
    const rented = home ?? (await rentedHome(testApp, enable));
    return { home: rented, client: await signIn(testApp, rented.tenant) };
  }

  it('answers the sixth attempt within the hour with 429 and when to try again, without asking the provider', async () => {
    const { client } = await tenantOf();
    const address = newAddress();
    const charges = jest.spyOn(testApp.app.get(PaymentGateway), 'chargeCard');
    const warnings = jest.spyOn(Logger.prototype, 'warn');
    for (let declined = 0; declined < 5; declined++) await declineFrom(client, address);
    expect(charges).toHaveBeenCalledTimes(5);

    const idempotencyKey = randomUUID();
    const limited = await pay(client, address, { amountCents: 10_000, paymentMethodId: await cardId(GOOD_CARD), idempotencyKey });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: 'error',
      error: 'Too many declined cards. Please try again after 12:00 PM EDT, or contact your landlord.',
    });
    expect(limited.headers['retry-after']).toBe(String(DECLINE_WINDOW_MS / 1000));
    expect(charges).toHaveBeenCalledTimes(5);
    const stored = await testApp.dataSource.query(`SELECT id FROM payments.card_payments WHERE idempotency_key = $1`, [idempotencyKey]);
    expect(stored).toHaveLength(0);
    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({ clientAddress: address, limitedBy: ['tenant', 'address'] }),
      'Declined-card limit reached: payment refused without asking the provider',
    );
  });

  it('holds payments until the fifth newest decline is an hour old, to the millisecond', async () => {
    const { home, client } = await tenantOf();
    const address = newAddress();
    const startedAt = clock.now();
    for (let declined = 0; declined < 5; declined++) {
      await declineFrom(client, address);
      clock.advanceMs(60_000);
    }
    // The first decline leaves the hour at startedAt + 1 h; the clock is now startedAt + 5 min.
    clock.set(new Date(startedAt.getTime() + DECLINE_WINDOW_MS - 1));
    const fresh = await signIn(testApp, home.tenant);
    const stillLimited = await pay(fresh, address, { amountCents: 10_000, paymentMethodId: await cardId(GOOD_CARD), idempotencyKey: randomUUID() });
    expect(stillLimited.statusCode).toBe(429);
    expect(stillLimited.headers['retry-after']).toBe('1');

    clock.advanceMs(1);
    const paid = await pay(fresh, address, { amountCents: 10_000, paymentMethodId: await cardId(GOOD_CARD), idempotencyKey: randomUUID() });
    expect(paid.statusCode).toBe(201);
  });

  it('limits an address that declined cards for five tenants, and not those tenants elsewhere', async () => {
    const address = newAddress();
    for (let tenant = 0; tenant < 5; tenant++) {
      const { client } = await tenantOf();
      await declineFrom(client, address);
    }
    const { client } = await tenantOf();
    const body = () => ({ amountCents: 10_000, idempotencyKey: randomUUID() });
    const fromThatAddress = await pay(client, address, { ...body(), paymentMethodId: await cardId(GOOD_CARD) });
    expect(fromThatAddress.statusCode).toBe(429);
    expect(fromThatAddress.json().error).toMatch(/^Too many declined cards\. Please try again after /);

    const fromElsewhere = await pay(client, newAddress(), { ...body(), paymentMethodId: await cardId(GOOD_CARD) });
    expect(fromElsewhere.statusCode).toBe(201);
  });

  it('limits a tenant from any address, and still answers a declined attempt’s own key with its decline', async () => {
    const { client } = await tenantOf();
    const declinedBody = { amountCents: 10_000, paymentMethodId: await cardId(DECLINED_CARD), idempotencyKey: randomUUID() };
    expect((await pay(client, newAddress(), declinedBody)).statusCode).toBe(402);
    for (let declined = 0; declined < 4; declined++) await declineFrom(client, newAddress());

    const elsewhere = await pay(client, newAddress(), { amountCents: 10_000, paymentMethodId: await cardId(GOOD_CARD), idempotencyKey: randomUUID() });
    expect(elsewhere.statusCode).toBe(429);
    const retried = await pay(client, newAddress(), declinedBody);
    expect(retried.statusCode).toBe(402);
    expect(retried.json()).toEqual({ status: 'error', error: 'Your card was declined.' });
  });

  it('limits Authorize.Net the same way, counting declines on either gateway', async () => {
    const home = await rentedHome(testApp, enable, { payoutAccount: false });
    await putOnAuthorizeNet(testApp, home.landlord.userId, newAuthorizeNetKeys());
    const client = await signIn(testApp, home.tenant);
    const address = newAddress();
    const payDirect = (nonce: string) =>
      testApp.request({
        method: 'POST',
        url: '/api/tenant/payments/direct',
        headers: client.headers,
        remoteAddress: address,
        payload: {
          amountCents: 10_000,
          paymentNonce: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: nonce },
          card: { brand: 'visa', last4: '1111' },
          idempotencyKey: randomUUID(),
        },
      });
    const charges = () => fake.requestsOf('createTransactionRequest').length;
    const chargesBefore = charges();
    for (let declined = 0; declined < 5; declined++) {
      expect((await payDirect(`fake-nonce-decline-${randomUUID()}`)).statusCode).toBe(402);
    }
    expect(charges()).toBe(chargesBefore + 5);

    const limited = await payDirect(`fake-nonce-approve-${randomUUID()}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many declined cards\. Please try again after \d{1,2}:\d\d [AP]M [A-Z]+, or contact your landlord\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(charges()).toBe(chargesBefore + 5);

    // The address's declines on Authorize.Net limit a Stripe tenant paying from it too.
    const { client: stripeTenant } = await tenantOf();
    const fromThatAddress = await pay(stripeTenant, address, { amountCents: 10_000, paymentMethodId: await cardId(GOOD_CARD), idempotencyKey: randomUUID() });
    expect(fromThatAddress.statusCode).toBe(429);
  });

  it('shows the operator who is near the limit or past it in the last 24 hours, with counts', async () => {
    const { home: limitedHome, client: limitedTenant } = await tenantOf();
    const { home: nearHome, client: nearTenant } = await tenantOf();
    const busyAddress = newAddress();
    for (let declined = 0; declined < 5; declined++) await declineFrom(limitedTenant, busyAddress);
    // Three declines, one of them over an hour ago: near the limit, not past it.
    await declineFrom(nearTenant, newAddress());
    clock.advanceMs(DECLINE_WINDOW_MS + 60_000);
    const nearAgain = await signIn(testApp, nearHome.tenant);
    const { home: fineHome, client: fineTenant } = await tenantOf();
    const otherAddress = newAddress();
    await declineFrom(nearAgain, otherAddress);
    await declineFrom(nearAgain, otherAddress);
    await declineFrom(fineTenant, otherAddress);

    const operator = await signedInUser(testApp, { type: 'operator' });
    const response = await testApp.request({ method: 'GET', url: '/api/operator/declined-cards', headers: operator.headers });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ status: 'success', perTenantLimit: 5, perAddressLimit: 5 });

    const tenantRow = (userId: string) => report.tenants.find((row: { tenantUserId: string }) => row.tenantUserId === userId);
    // The limited tenant's hour has passed: 0 in the last hour, 5 in the day, no longer limited.
    expect(tenantRow(limitedHome.tenant.userId)).toMatchObject({ name: 'Sam Rivera', email: limitedHome.tenant.email, lastHour: 0, last24Hours: 5, limitedUntil: null });
    expect(tenantRow(nearHome.tenant.userId)).toMatchObject({ lastHour: 2, last24Hours: 3, limitedUntil: null, lastDeclinedAt: clock.now().toISOString() });
    expect(tenantRow(fineHome.tenant.userId)).toBeUndefined();

    const addressRow = (address: string) => report.addresses.find((row: { clientAddress: string }) => row.clientAddress === address);
    expect(addressRow(busyAddress)).toMatchObject({ tenants: 1, lastHour: 0, last24Hours: 5, limitedUntil: null });
    expect(addressRow(otherAddress)).toMatchObject({ tenants: 2, lastHour: 3, last24Hours: 3, limitedUntil: null });

    // Two more from the other address: past the limit, and the page says until when.
    await declineFrom(fineTenant, otherAddress);
    await declineFrom(fineTenant, otherAddress);
    const later = (await testApp.request({ method: 'GET', url: '/api/operator/declined-cards', headers: operator.headers })).json();
    const limitedAddress = later.addresses.find((row: { clientAddress: string }) => row.clientAddress === otherAddress);
    expect(limitedAddress).toMatchObject({ lastHour: 5, limitedUntil: new Date(clock.now().getTime() + DECLINE_WINDOW_MS).toISOString() });
    expect(later.addresses[0].clientAddress).toBe(otherAddress);

    // Tenants and landlords cannot read it.
    expect((await testApp.request({ method: 'GET', url: '/api/operator/declined-cards', headers: fineTenant.headers })).statusCode).toBe(403);
  });
});
