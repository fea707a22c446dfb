import { gzipSync } from 'node:zlib';
import { MESSAGES } from '@rentwise/libs/messages';
import { signUpFields } from '../onboarding/onboarding-support';
import { createActiveUser, signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const FOREIGN = 'https://evil.example';
const CROSS_SITE = { status: 'error', error: MESSAGES.crossSiteRequest };

/** CSRF: state changes come only from our own pages, as JSON, and ending a session needs the CSRF token. */
describe('requests from another website', () => {
  let testApp: TestApp;
  let ownOrigin: string;

  beforeAll(async () => {
    testApp = await startTestApp({ PUBLIC_URL: 'https://rentwise.test', NODE_ENV: 'test' });
    ownOrigin = 'https://rentwise.test';
  });
  afterAll(() => testApp.close());

  const isSignedIn = async (cookie: string): Promise<boolean> => {
    const response = await testApp.request({ method: 'GET', url: '/api/account/validate', headers: { cookie } });
    return response.json().isValid as boolean;
  };
  const registrationsFor = async (email: string): Promise<number> => {
    const [{ count }] = await testApp.dataSource.query(
      'SELECT count(*)::int AS count FROM onboarding.registrations WHERE email = $1',
      [email],
    );
    return count as number;
  };
  const postRegistration = (headers: Record<string, string>, payload: string | Buffer | object) =>
    testApp.request({ method: 'POST', url: '/api/onboarding/registrations', headers, payload });

  it('cannot sign someone out: a foreign Origin and a missing CSRF header are both refused', async () => {
    const user = await signedInUser(testApp);
    const foreign = await testApp.request({
      method: 'POST',
      url: '/api/account/logout',
      headers: { ...user.headers, origin: FOREIGN },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(CROSS_SITE);

    const withoutToken = await testApp.request({ method: 'POST', url: '/api/account/logout', headers: { cookie: user.cookie } });
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json()).toEqual({ status: 'error', error: expect.any(String) });
    expect(await isSignedIn(user.cookie)).toBe(true);

    const own = await testApp.request({
      method: 'POST',
      url: '/api/account/logout',
      headers: { ...user.headers, origin: ownOrigin, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
    expect(await isSignedIn(user.cookie)).toBe(false);
  });

  it('still lets a signed-out visitor clear stale cookies without a token', async () => {
    const response = await testApp.request({ method: 'POST', url: '/api/account/logout', headers: { cookie: 'rw_session=gone' } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a sign-in posted from another site, by Origin or by Sec-Fetch-Site', async () => {
    const user = await createActiveUser(testApp);
    const payload = { email: user.email, password: user.password };
    const byOrigin = await testApp.request({ method: 'POST', url: '/api/account/login', headers: { origin: FOREIGN }, payload });
    expect(byOrigin.statusCode).toBe(403);
    expect(byOrigin.cookies).toEqual([]);

    for (const site of ['cross-site', 'same-site']) {
      const response = await testApp.request({
        method: 'POST',
        url: '/api/account/login',
        headers: { 'sec-fetch-site': site },
        payload,
      });
      expect(response.statusCode).toBe(403);
    }
    const sameOrigin = await testApp.request({
      method: 'POST',
      url: '/api/account/login',
      headers: { origin: ownOrigin, 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('refuses an Origin of "null" (sandboxed frames, file pages)', async () => {
    const response = await postRegistration({ origin: 'null' }, signUpFields());
    expect(response.statusCode).toBe(403);
  });

  it('refuses a plain HTML form (urlencoded, multipart or text/plain) on a JSON endpoint with 415, creating nothing', async () => {
    const fields = signUpFields();
    const bodies = [
      { 'content-type': 'application/x-www-form-urlencoded', payload: new URLSearchParams({ ...fields }).toString() },
      { 'content-type': 'text/plain', payload: JSON.stringify(fields) },
      {
        'content-type': 'multipart/form-data; boundary=b',
        payload: Object.entries(fields)
          .map(([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
          .join('')
          .concat('--b--\r\n'),
      },
    ];
    for (const { payload, ...headers } of bodies) {
      // No Origin: the Origin check alone would not stop it, the body type must.
      const response = await postRegistration(headers, payload);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ status: 'error', error: MESSAGES.unsupportedBodyType });
    }
    expect(await registrationsFor(fields.email)).toBe(0);

    const json = await postRegistration({ 'content-type': 'application/json; charset=utf-8', origin: ownOrigin }, JSON.stringify(fields));
    expect(json.statusCode).toBe(201);
  });

  it('refuses a compressed body with 415 rather than inflating it, creating nothing', async () => {
    const fields = signUpFields();
    const response = await postRegistration(
      { 'content-type': 'application/json', 'content-encoding': 'gzip', origin: ownOrigin },
      gzipSync(JSON.stringify(fields)),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ status: 'error', error: MESSAGES.unsupportedBodyType });
    expect(await registrationsFor(fields.email)).toBe(0);

    const identity = await postRegistration(
      { 'content-type': 'application/json', 'content-encoding': 'identity', origin: ownOrigin },
      JSON.stringify(fields),
    );
    expect(identity.statusCode).toBe(201);
  });

  it('refuses a JSON body on the photo upload, which takes multipart only', async () => {
    const tenant = await signedInUser(testApp, { type: 'tenant' });
    const response = await testApp.request({
      method: 'POST',
      url: '/api/account/save-user-photo',
      headers: { ...tenant.headers, 'content-type': 'application/json' },
      payload: { photo: 'data:image/png;base64,AAAA' },
    });
    expect(response.statusCode).toBe(415);
  });
});
