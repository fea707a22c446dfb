import { MESSAGES } from '@rentwise/libs/messages';
import { SignedInClient, signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const REFUSED = { status: 'error', error: MESSAGES.unsupportedCharacters };
const VALID_PROPERTY = { line1: '12 Garden Street', line2: 'Apt 4', city: 'Springfield', state: 'il', zip: '62704', rent: '1,500' };
const PROFILE = { firstName: 'Lena', lastName: 'Landlord', phone: '(555) 987-6543' };

/** Text PostgreSQL cannot store, or that reads differently when shown, is a 400 with one clear message, never a 500. */
describe('text with a NUL byte, a lone surrogate or a bidirectional override', () => {
  let testApp: TestApp;
  let landlord: SignedInClient & { email: string };

  beforeAll(async () => {
    testApp = await startTestApp();
    landlord = await signedInUser(testApp, { type: 'landlord' });
  });
  afterAll(() => testApp.close());

  it('refuses a NUL byte in the email of a signed-out sign-in', async () => {
    const response = await testApp.request({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: `${landlord.email}\u0000`, password: 'long-enough-test-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(REFUSED);
  });

  it('refuses a NUL byte in a password-reset request and in a property address', async () => {
    const reset = await testApp.request({
      method: 'POST',
      url: '/api/account/send-password-reset',
      payload: { email: `a\u0000@example.com` },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual(REFUSED);

    const property = await testApp.request({
      method: 'POST',
      url: '/api/landlord/properties',
      headers: landlord.headers,
      payload: { ...VALID_PROPERTY, line2: 'Apt\u00004' },
    });
    expect(property.statusCode).toBe(400);
    expect(property.json()).toEqual(REFUSED);
  });

  it('refuses a lone surrogate in a JSON body and a NUL byte in a path parameter', async () => {
    // JSON.stringify writes the lone surrogate as the escape \ud800, as a hand-made request would.
    const body = JSON.stringify({ ...VALID_PROPERTY, city: 'Spring\uD800field' });
    const surrogate = await testApp.request({
      method: 'POST',
      url: '/api/landlord/properties',
      headers: { ...landlord.headers, 'content-type': 'application/json' },
      payload: body,
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual(REFUSED);

    const path = await testApp.request({ method: 'GET', url: '/api/landlord/properties/abc%00', headers: landlord.headers });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual(REFUSED);
  });

  it.each([
    ['a right-to-left override', { line1: '12 Garden\u202EStreet' }],
    ['an isolate', { city: 'Spring\u2066field\u2069' }],
    ['a BEL', { line2: 'Apt 4\u0007' }],
    ['a carriage return inside the line', { line1: '12 Garden\rStreet' }],
    ['a C1 control', { city: 'Spring\u0085field' }],
  ])('refuses %s in a property address with the NUL byte message, and adds nothing', async (_what, part) => {
    const before = await testApp.dataSource.query('SELECT count(*)::int AS n FROM properties.properties');
    const response = await testApp.request({
      method: 'POST',
      url: '/api/landlord/properties',
      headers: landlord.headers,
      payload: { ...VALID_PROPERTY, ...part },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(REFUSED);
    expect(await testApp.dataSource.query('SELECT count(*)::int AS n FROM properties.properties')).toEqual(before);
  });

  it('refuses a bidirectional control in any text field, a password too', async () => {
    const response = await testApp.request({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: landlord.email, password: 'long-enough\u2067-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(REFUSED);
  });

  it('refuses a name with a right-to-left override, and keeps the profile as it was', async () => {
    const response = await testApp.request({
      method: 'POST',
      url: '/api/account/update-user',
      headers: landlord.headers,
      payload: { ...PROFILE, firstName: 'Lena\u202Egnp.exe', email: landlord.email, confirmEmail: landlord.email },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(REFUSED);
    const [user] = await testApp.dataSource.query('SELECT first_name FROM accounts.users WHERE email = $1', [landlord.email]);
    expect(user.first_name).toBe('Test');
  });
});
