import { QueryBus } from '@nestjs/cqrs';
import { MESSAGES } from '@rentwise/libs/messages';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { GetProperty } from '../../src/modules/properties/contracts/get-property.query';
import { GetRentHistory } from '../../src/modules/properties/contracts/get-rent-history.query';
import { ListLandlordProperties } from '../../src/modules/properties/contracts/list-landlord-properties.query';
import { SignedInClient, signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const VALID_PROPERTY = { line1: '12 Garden Street', line2: 'Apt 4', city: 'Springfield', state: 'il', zip: '62704', rent: '1,500' };

describe('properties', () => {
  let testApp: TestApp;
  let landlord: SignedInClient & { userId: string };
  const clock = new FixedClock(new Date('2026-03-02T10:00:00Z'));

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
    landlord = await signedInUser(testApp, { type: 'landlord' });
  });
  afterAll(() => testApp.close());

  const call = (client: SignedInClient | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    testApp.request({ method, url, headers: client?.headers ?? {}, ...(payload ? { payload } : {}) });
  const addProperty = async (client: SignedInClient, payload: object = VALID_PROPERTY) => {
    const response = await call(client, 'POST', '/api/landlord/properties', payload);
    expect(response.statusCode).toBe(201);
    return response.json().property as { propertyId: string; address: string; rentCents: number };
  };

  it('adds a property: one address string, the state upper-cased, the rent in cents', async () => {
    const response = await call(landlord, 'POST', '/api/landlord/properties', VALID_PROPERTY);

    expect(response.statusCode).toBe(201);
    const { property } = response.json();
    expect(property).toEqual({
      propertyId: expect.any(String),
      address: '12 Garden Street, Apt 4, Springfield, IL 62704',
      line1: '12 Garden Street',
      line2: 'Apt 4',
      city: 'Springfield',
      state: 'IL',
      zip: '62704',
      rentCents: 150000,
      tenantCount: 0,
    });
    const list = await call(landlord, 'GET', '/api/landlord/properties');
    expect(list.json()).toEqual({ status: 'success', rows: expect.arrayContaining([property]) });
  });

  it('leaves line 2 out of the address when it is blank, and takes the rent as whole dollars', async () => {
    const property = await addProperty(landlord, { ...VALID_PROPERTY, line2: '  ', rent: 99999 });
    expect(property).toMatchObject({ address: '12 Garden Street, Springfield, IL 62704', line2: null, rentCents: 9999900 });
  });

  it('lists properties oldest first, with no limit on how many', async () => {
    const owner = await signedInUser(testApp, { type: 'landlord' });
    const added = [];
    for (let i = 0; i < 12; i++) {
      added.push(await addProperty(owner, { ...VALID_PROPERTY, line1: `${100 + i} Elm Street` }));
      clock.advanceMs(1000);
    }
    const rows = (await call(owner, 'GET', '/api/landlord/properties')).json().rows;
    expect(rows.map((row: { propertyId: string }) => row.propertyId)).toEqual(added.map((p) => p.propertyId));
  });

  describe('refuses what the property form refuses, with the form’s message', () => {
    const cases: [string, object, string][] = [
      ['line 1 missing', { line1: undefined }, MESSAGES.allAddressFieldsRequired],
      ['line 1 blank', { line1: '   ' }, MESSAGES.allAddressFieldsRequired],
      ['city missing', { city: '' }, MESSAGES.allAddressFieldsRequired],
      ['state missing', { state: '' }, MESSAGES.allAddressFieldsRequired],
      ['zip missing', { zip: undefined }, MESSAGES.allAddressFieldsRequired],
      ['an address shorter than 10 characters', { line1: 'A', line2: '', city: 'X', state: 'NY', zip: '10001' }, MESSAGES.addressInvalid],
      ['a state that is not two letters', { state: 'ILL' }, MESSAGES.addressInvalid],
      ['a state with a digit', { state: 'I1' }, MESSAGES.addressInvalid],
      ['a zip of four digits', { zip: '6270' }, MESSAGES.addressInvalid],
      ['a zip with letters', { zip: '6270A' }, MESSAGES.addressInvalid],
      ['rent missing', { rent: undefined }, MESSAGES.rentOutOfRange],
      ['rent blank', { rent: '' }, MESSAGES.rentOutOfRange],
      ['rent below $100', { rent: '99' }, MESSAGES.rentOutOfRange],
      ['rent above $99,999', { rent: '100,000' }, MESSAGES.rentOutOfRange],
      ['rent with cents', { rent: '1500.50' }, MESSAGES.rentOutOfRange],
      ['rent that is not a number', { rent: 'lots' }, MESSAGES.rentOutOfRange],
      ['rent with misplaced commas', { rent: '1,50,0' }, MESSAGES.rentOutOfRange],
      ['negative rent', { rent: -1500 }, MESSAGES.rentOutOfRange],
    ];

    it.each(cases)('%s', async (_name, change, message) => {
      const response = await call(landlord, 'POST', '/api/landlord/properties', { ...VALID_PROPERTY, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'error', error: message });
    });

    it('and on update too', async () => {
      const property = await addProperty(landlord);
      const response = await call(landlord, 'PATCH', `/api/landlord/properties/${property.propertyId}`, { ...VALID_PROPERTY, rent: '50' });
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.rentOutOfRange });
    });

    it('accepts the edges: $100, $99,999 and an address of exactly 10 characters', async () => {
      expect((await addProperty(landlord, { ...VALID_PROPERTY, rent: '100' })).rentCents).toBe(10000);
      expect((await addProperty(landlord, { ...VALID_PROPERTY, rent: '99,999' })).rentCents).toBe(9999900);
      const shortest = await addProperty(landlord, { line1: '1A', city: 'X', state: 'NY', zip: '10001', rent: '100' });
      expect(shortest.address).toBe('1A, X, NY 10001');
    });
  });

  it('updates address and rent, and keeps the rent history', async () => {
    const property = await addProperty(landlord);
    const addedAt = clock.now().toISOString();
    clock.advanceMs(5 * 60 * 1000);

    const response = await call(landlord, 'PATCH', `/api/landlord/properties/${property.propertyId}`, {
      ...VALID_PROPERTY,
      line1: '14 Garden Street',
      rent: '1,650',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().property).toMatchObject({ address: '14 Garden Street, Apt 4, Springfield, IL 62704', rentCents: 165000 });
    const changedAt = clock.now().toISOString();
    expect(await testApp.app.get(QueryBus).execute(new GetRentHistory(property.propertyId))).toEqual([
      { rentCents: 150000, effectiveFrom: addedAt },
      { rentCents: 165000, effectiveFrom: changedAt },
    ]);
  });

  it('adds no rent history entry when only the address changed', async () => {
    const property = await addProperty(landlord);
    await call(landlord, 'PATCH', `/api/landlord/properties/${property.propertyId}`, { ...VALID_PROPERTY, line2: 'Unit 9' });
    expect(await testApp.app.get(QueryBus).execute(new GetRentHistory(property.propertyId))).toHaveLength(1);
  });

  it('removes a property by archiving it: gone from the lists, still readable for history', async () => {
    const property = await addProperty(landlord);
    const url = `/api/landlord/properties/${property.propertyId}`;

    const response = await call(landlord, 'DELETE', url);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    expect((await call(landlord, 'GET', url)).statusCode).toBe(404);
    expect((await call(landlord, 'PATCH', url, VALID_PROPERTY)).statusCode).toBe(404);
    expect((await call(landlord, 'DELETE', url)).statusCode).toBe(404);
    const rows = (await call(landlord, 'GET', '/api/landlord/properties')).json().rows;
    expect(rows.map((row: { propertyId: string }) => row.propertyId)).not.toContain(property.propertyId);

    const queries = testApp.app.get(QueryBus);
    expect(await queries.execute(new GetProperty(property.propertyId))).toMatchObject({
      propertyId: property.propertyId,
      landlordUserId: landlord.userId,
      address: property.address,
      rentCents: 150000,
      archived: true,
      archivedAt: clock.now().toISOString(),
    });
    const all = await queries.execute(new ListLandlordProperties(landlord.userId));
    expect(all.find((p) => p.propertyId === property.propertyId)).toMatchObject({ archived: true });
    const managed = await queries.execute(new ListLandlordProperties(landlord.userId, { includeArchived: false }));
    expect(managed.find((p) => p.propertyId === property.propertyId)).toBeUndefined();
    const [row] = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM properties.properties WHERE id = $1`, [
      property.propertyId,
    ]);
    expect(row.n).toBe(1);
  });

  it('refuses to remove a property while tenants live there', async () => {
    const property = await addProperty(landlord);
    const invited = await call(landlord, 'POST', `/api/landlord/properties/${property.propertyId}/tenants`, {
      firstName: 'Tess',
      lastName: 'Tenant',
      email: `tess-${property.propertyId.slice(0, 8)}@example.com`,
      confirmEmail: `tess-${property.propertyId.slice(0, 8)}@example.com`,
      phone: '5555550123',
    });
    expect(invited.statusCode).toBe(201);

    const response = await call(landlord, 'DELETE', `/api/landlord/properties/${property.propertyId}`);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'error', error: MESSAGES.propertyHasTenants });
    const still = await call(landlord, 'GET', `/api/landlord/properties/${property.propertyId}`);
    expect(still.json().property).toMatchObject({ tenantCount: 1 });
  });

  describe('belongs to its landlord alone', () => {
    let propertyId: string;
    let otherLandlord: SignedInClient & { userId: string };

    beforeAll(async () => {
      propertyId = (await addProperty(landlord)).propertyId;
      otherLandlord = await signedInUser(testApp, { type: 'landlord' });
    });

    it('lists only the signed-in landlord’s properties', async () => {
      const rows = (await call(otherLandlord, 'GET', '/api/landlord/properties')).json().rows;
      expect(rows).toEqual([]);
    });

    it.each([
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['GET', '/tenants'],
      ['POST', '/tenants'],
    ] as const)('answers %s %s of another landlord’s property with 404 and no data', async (method, suffix) => {
      const payload = suffix === '/tenants'
        ? { firstName: 'A', lastName: 'B', email: 'ab@example.com', confirmEmail: 'ab@example.com', phone: '5555550100' }
        : VALID_PROPERTY;
      const response = await call(otherLandlord, method, `/api/landlord/properties/${propertyId}${suffix}`, method === 'GET' || method === 'DELETE' ? undefined : payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.notFound });
    });

    it('left the property untouched', async () => {
      const response = await call(landlord, 'GET', `/api/landlord/properties/${propertyId}`);
      expect(response.json().property).toMatchObject({ address: '12 Garden Street, Apt 4, Springfield, IL 62704', rentCents: 150000 });
    });

    it('answers an id that is not an id with 404', async () => {
      expect((await call(landlord, 'GET', '/api/landlord/properties/not-a-uuid')).statusCode).toBe(404);
      expect((await call(landlord, 'GET', '/api/landlord/properties/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('is closed to tenants and to signed-out visitors', async () => {
      const tenant = await signedInUser(testApp, { type: 'tenant' });
      expect((await call(tenant, 'GET', '/api/landlord/properties')).statusCode).toBe(403);
      expect((await call(tenant, 'GET', `/api/landlord/properties/${propertyId}`)).statusCode).toBe(403);
      expect((await call(null, 'GET', '/api/landlord/properties')).statusCode).toBe(401);
      expect((await call(null, 'POST', '/api/landlord/properties', VALID_PROPERTY)).statusCode).toBe(401);
    });

    it('refuses a write without the CSRF header', async () => {
      const response = await testApp.request({
        method: 'POST',
        url: '/api/landlord/properties',
        headers: { cookie: landlord.cookie },
        payload: VALID_PROPERTY,
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
