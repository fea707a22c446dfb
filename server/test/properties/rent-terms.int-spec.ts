import { QueryBus } from '@nestjs/cqrs';
import { LATE_FEES_OFF } from '@rentwise/libs/late-fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { randomUUID } from 'node:crypto';
import { FixedClock } from '../../src/infrastructure/clock/clock';
import { GetRentTerms } from '../../src/modules/properties/contracts/get-rent-terms.query';
import { SignedInClient, signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const PROPERTY = { line1: '40 Orchard Lane', line2: '', city: 'Albany', state: 'NY', zip: '12207', rent: '1,500' };
const TERMS = { dueDay: '3', lateFeesOn: true, graceDays: '5', flatFee: '50', percentFee: '', dailyFee: '5', monthlyCap: '75' };

describe('a property’s rent terms (decision 0040)', () => {
  let testApp: TestApp;
  let landlord: SignedInClient & { userId: string };
  const clock = new FixedClock(new Date('2026-03-02T10:00:00Z'));

  beforeAll(async () => {
    testApp = await startTestApp({}, { clock });
    landlord = await signedInUser(testApp, { type: 'landlord' });
  });
  afterAll(() => testApp.close());

  const call = (client: SignedInClient | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    testApp.request({ method, url, headers: client?.headers ?? {}, ...(payload ? { payload } : {}) });
  const addProperty = async (client: SignedInClient = landlord): Promise<string> => {
    const response = await call(client, 'POST', '/api/landlord/properties', PROPERTY);
    expect(response.statusCode).toBe(201);
    return response.json().property.propertyId as string;
  };
  const setTerms = (propertyId: string, body: object, client: SignedInClient = landlord) =>
    call(client, 'PUT', `/api/landlord/properties/${propertyId}/rent-terms`, body);

  it('starts with rent due on the 1st and late fees off, in the property’s answer', async () => {
    const propertyId = await addProperty();
    const response = await call(landlord, 'GET', `/api/landlord/properties/${propertyId}`);
    expect(response.json().property.rentTerms).toEqual({ dueDay: 1, lateFees: LATE_FEES_OFF });
  });

  it('saves the due day and late fee rule in cents, and starts late fees from when they were turned on', async () => {
    const propertyId = await addProperty();
    const response = await setTerms(propertyId, TERMS);
    expect(response.statusCode).toBe(200);
    const expected = { dueDay: 3, lateFees: { graceDays: 5, flatCents: 5_000, percentBasisPoints: 0, dailyCents: 500, monthlyCapCents: 7_500 } };
    expect(response.json().property).toMatchObject({ propertyId, rentTerms: expected });
    expect((await call(landlord, 'GET', `/api/landlord/properties/${propertyId}`)).json().property.rentTerms).toEqual(expected);
    const read = async () => (await testApp.app.get(QueryBus).execute(new GetRentTerms([propertyId]))).get(propertyId);
    expect(await read()).toEqual({ ...expected, lateFeesSince: clock.now() });

    // A change while on keeps the start; off clears it; on again starts again.
    const firstOn = clock.now();
    clock.advanceMs(10 * 60_000); // within the session's idle hour
    await setTerms(propertyId, { ...TERMS, flatFee: '25' });
    expect((await read())?.lateFeesSince).toEqual(firstOn);
    await setTerms(propertyId, { ...TERMS, lateFeesOn: false });
    expect(await read()).toEqual({ dueDay: 3, lateFees: { ...LATE_FEES_OFF, graceDays: 5 }, lateFeesSince: null });
    clock.advanceMs(10 * 60_000); // within the session's idle hour
    await setTerms(propertyId, TERMS);
    expect((await read())?.lateFeesSince).toEqual(clock.now());
  });

  it.each([
    ['a due day after the 10th', { dueDay: '11' }, 'dueDay', MESSAGES.rentDueDayInvalid],
    ['a grace period over 20 days', { graceDays: '21' }, 'graceDays', MESSAGES.graceDaysInvalid],
    ['an amount over $1,000', { flatFee: '1000.01' }, 'flatFee', MESSAGES.lateFeeAmountInvalid],
    ['a percentage over 20', { percentFee: '25' }, 'percentFee', MESSAGES.lateFeePercentInvalid],
    ['late fees on with no amount', { flatFee: '', dailyFee: '', percentFee: '' }, 'flatFee', MESSAGES.lateFeeRuleEmpty],
    ['a daily amount without a cap', { monthlyCap: '' }, 'monthlyCap', MESSAGES.lateFeeCapRequired],
  ])('refuses %s with the catalogue message and changes nothing', async (_what, change, _field, message) => {
    const propertyId = await addProperty();
    const response = await setTerms(propertyId, { ...TERMS, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', error: message });
    expect((await call(landlord, 'GET', `/api/landlord/properties/${propertyId}`)).json().property.rentTerms).toEqual({ dueDay: 1, lateFees: LATE_FEES_OFF });
  });

  it('answers another landlord’s property, an unknown id and a removed property with 404', async () => {
    const propertyId = await addProperty();
    const stranger = await signedInUser(testApp, { type: 'landlord', email: `stranger-${randomUUID().slice(0, 8)}@example.com` });
    expect((await setTerms(propertyId, TERMS, stranger)).statusCode).toBe(404);
    expect((await setTerms(randomUUID(), TERMS)).statusCode).toBe(404);
    expect((await setTerms('not-an-id', TERMS)).statusCode).toBe(404);
    const removable = await addProperty();
    expect((await testApp.request({ method: 'DELETE', url: `/api/landlord/properties/${removable}`, headers: landlord.headers })).statusCode).toBe(200);
    expect((await setTerms(removable, TERMS)).statusCode).toBe(404);
    expect((await call(landlord, 'GET', `/api/landlord/properties/${propertyId}`)).json().property.rentTerms.dueDay).toBe(1);
  });

  it('answers only landlords', async () => {
    const propertyId = await addProperty();
    const tenant = await signedInUser(testApp, { type: 'tenant' });
    expect((await setTerms(propertyId, TERMS, tenant)).statusCode).toBe(403);
    expect((await call(null, 'PUT', `/api/landlord/properties/${propertyId}/rent-terms`, TERMS)).statusCode).toBe(401);
  });
});
