import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { RentChargePoster } from '../../src/modules/payments/charges/rent-charge-poster';
import { RecordRentPayment } from '../../src/modules/payments/contracts/record-rent-payment.command';
import { SandboxAccounts } from '../../src/modules/payments/gateways/sandbox/sandbox-accounts';
import { RemoveTenant } from '../../src/modules/tenants/commands/remove-tenant.command';
import { signIn, SignedInClient, signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { anotherTenantOf, payRent, Person, rentedHome, RentedHome, tokenizeCard } from './payment-support';

interface LedgerLine {
  kind: string;
  date: string;
  what: string;
  amountCents: number;
  balanceCents: number;
}

describe('the tenant ledger, for the tenant and for the landlord (decision 0039)', () => {
  let testApp: TestApp;
  const clock = new FixedClock(new Date('2025-03-01T05:00:00Z')); // midnight starting March 1st in New York
  let home: RentedHome;
  let neighbour: Person & { propertyId: string };
  let stranger: RentedHome;
  let tenant: SignedInClient;
  let landlord: SignedInClient;

  const get = (url: string, client?: SignedInClient) => testApp.request({ method: 'GET', url, headers: client?.headers ?? {} });
  const landlordLedgerUrl = (propertyId: string, tenantUserId: string, csv = false) =>
    `/api/landlord/properties/${propertyId}/tenants/${tenantUserId}/ledger${csv ? '.csv' : ''}`;

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
    const enable = async (accountId: string, chargesEnabled: boolean) => {
      await testApp.app.get(SandboxAccounts).update(accountId, { chargesEnabled, payoutsEnabled: chargesEnabled, detailsSubmitted: true });
    };
    // Everyone moves in on March 1st: March and April are charged by April 20th.
    home = await rentedHome(testApp, enable);
    const other = await anotherTenantOf(testApp, home);
    const [{ property_id }] = await testApp.dataSource.query(`SELECT property_id FROM tenants.tenancies WHERE tenant_user_id = $1`, [other.userId]);
    neighbour = { ...other, propertyId: property_id as string };
    stranger = await rentedHome(testApp, enable);

    clock.set(new Date('2025-04-20T15:00:00Z'));
    await testApp.app.get(RentChargePoster).postThrough(clock.now());
    await testApp.app.get(CommandBus).execute(
      new RecordRentPayment({
        idempotencyKey: randomUUID(),
        occurredAt: new Date('2025-03-03T15:00:00Z'),
        tenantUserId: home.tenant.userId,
        landlordUserId: home.landlord.userId,
        propertyId: home.propertyId,
        chargedCents: 150_699, // $1,500 and the $6.99 processing fee
        description: 'Rent: March 2025',
        provider: 'import',
        providerReference: null,
      }),
    );
    landlord = await signIn(testApp, home.landlord);
    // A name a spreadsheet would read as a formula: the CSV must not.
    const renamed = await testApp.request({
      method: 'PATCH',
      url: `/api/landlord/properties/${home.propertyId}/tenants/${home.tenant.userId}`,
      headers: landlord.headers,
      payload: { firstName: '=SUM(A1)', lastName: 'Rivera', email: home.tenant.email, confirmEmail: home.tenant.email, phone: '(555) 301-7721' },
    });
    expect(renamed.statusCode).toBe(200);
    tenant = await signIn(testApp, home.tenant);
    const card = await tokenizeCard(testApp, { number: '4242424242424242' });
    const paid = await payRent(testApp, tenant, { amountCents: 50_000, paymentMethodId: card.json().id, idempotencyKey: randomUUID() });
    expect(paid.statusCode).toBe(201);
  });
  afterAll(() => testApp.close());

  it('shows every charge and payment, newest first, with the balance after each, and agrees with the balance', async () => {
    const response = await get('/api/tenant/ledger', tenant);
    expect(response.statusCode).toBe(200);
    const { ledger } = response.json();
    expect(ledger).toMatchObject({ propertyId: home.propertyId, propertyAddress: home.address, timeZone: 'America/New_York', balanceCents: 100_000 });
    expect(ledger.lines.map(({ kind, date, what, amountCents, balanceCents }: LedgerLine) => ({ kind, date, what, amountCents, balanceCents }))).toEqual([
      { kind: 'rent_payment', date: '2025-04-20', what: 'Payment', amountCents: -50_000, balanceCents: 100_000 },
      { kind: 'rent_charge', date: '2025-04-01', what: 'Rent for April 2025', amountCents: 150_000, balanceCents: 150_000 },
      { kind: 'rent_payment', date: '2025-03-03', what: 'Payment', amountCents: -150_000, balanceCents: 0 },
      { kind: 'rent_charge', date: '2025-03-01', what: 'Rent for March 2025', amountCents: 150_000, balanceCents: 150_000 },
    ]);
    const balance = await get('/api/tenant/balance', tenant);
    expect(balance.json().balance.balanceCents).toBe(ledger.balanceCents);
  });

  it('downloads the ledger as a spreadsheet-safe CSV, oldest line first', async () => {
    const response = await get('/api/tenant/ledger.csv', tenant);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rentwise-ledger-123-main-st.csv"');
    expect(response.headers['cache-control']).toContain('no-store');
    const rows = response.body.split('\r\n');
    expect(rows.slice(0, 5)).toEqual([
      'Rentwise tenant ledger',
      "Tenant,'=SUM(A1) Rivera",
      `Property,"${home.address}"`,
      'Time zone,Eastern (New York) (America/New_York)',
      'Balance,1000.00',
    ]);
    expect(rows[5]).toMatch(/^Generated,2025-04-20T15:00:00\.000Z$/);
    expect(rows.slice(6)).toEqual([
      '',
      'Date,What,Amount,Balance',
      '2025-03-01,Rent for March 2025,1500.00,1500.00',
      '2025-03-03,Payment,-1500.00,0.00',
      '2025-04-01,Rent for April 2025,1500.00,1500.00',
      '2025-04-20,Payment,-500.00,1000.00',
      '',
    ]);
  });

  it('gives the landlord the same lines for their tenant, on screen and as CSV', async () => {
    const [asTenant, asLandlord] = await Promise.all([get('/api/tenant/ledger', tenant), get(landlordLedgerUrl(home.propertyId, home.tenant.userId), landlord)]);
    expect(asLandlord.statusCode).toBe(200);
    expect(asLandlord.json().ledger).toEqual(asTenant.json().ledger);
    expect(asLandlord.json().ledger.tenantName).toBe('=SUM(A1) Rivera');

    const csv = await get(landlordLedgerUrl(home.propertyId, home.tenant.userId, true), landlord);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="rentwise-ledger-123-main-st-sum-a1-rivera.csv"');
    expect(csv.body).toBe((await get('/api/tenant/ledger.csv', tenant)).body);
  });

  it('answers 404 for a property or tenant that is not the landlord’s, exactly like an unknown id', async () => {
    const strangerLandlord = await signIn(testApp, stranger.landlord);
    const notFound = [
      // Another landlord's tenancy, asked by this landlord, and this landlord's, asked by another.
      [landlordLedgerUrl(stranger.propertyId, stranger.tenant.userId), landlord],
      [landlordLedgerUrl(home.propertyId, home.tenant.userId), strangerLandlord],
      [landlordLedgerUrl(home.propertyId, home.tenant.userId, true), strangerLandlord],
      // Their own property, with a tenant of theirs who lives elsewhere, or another landlord's tenant.
      [landlordLedgerUrl(home.propertyId, neighbour.userId), landlord],
      [landlordLedgerUrl(home.propertyId, stranger.tenant.userId), landlord],
      [landlordLedgerUrl(stranger.propertyId, home.tenant.userId), landlord],
      [landlordLedgerUrl(randomUUID(), home.tenant.userId), landlord],
      [landlordLedgerUrl('not-an-id', home.tenant.userId), landlord],
      [landlordLedgerUrl(home.propertyId, 'not-an-id', true), landlord],
    ] as const;
    for (const [url, client] of notFound) {
      const response = await get(url, client);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 404, body: { status: 'error', error: 'Not found' } });
    }
  });

  it('answers 403 to the wrong role and 401 when signed out', async () => {
    const operator = await signedInUser(testApp, { type: 'operator' });
    for (const url of ['/api/tenant/ledger', '/api/tenant/ledger.csv']) {
      expect((await get(url, landlord)).statusCode).toBe(403);
      expect((await get(url, operator)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
    for (const url of [landlordLedgerUrl(home.propertyId, home.tenant.userId), landlordLedgerUrl(home.propertyId, home.tenant.userId, true)]) {
      expect((await get(url, tenant)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('keeps a former tenant’s ledger for the landlord after they moved out', async () => {
    await testApp.app.get(CommandBus).execute(new RemoveTenant(home.landlord.userId, neighbour.propertyId, neighbour.userId));
    const response = await get(landlordLedgerUrl(neighbour.propertyId, neighbour.userId), landlord);
    expect(response.statusCode).toBe(200);
    expect(response.json().ledger).toMatchObject({ balanceCents: 300_000, tenantName: 'Alex Moreno' });
    expect(response.json().ledger.lines.map((line: LedgerLine) => line.what)).toEqual(['Rent for April 2025', 'Rent for March 2025']);
  });
});
