import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SignedInClient, signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

describe('compressed JSON answers', () => {
  let api: TestApp;
  let landlord: SignedInClient;

  beforeAll(async () => {
    api = await startTestApp();
    landlord = await signedInUser(api, { type: 'landlord' });
    // Ten properties make a list of about 2.5 KB.
    for (let i = 1; i <= 10; i++) {
      const added = await api.request({
        method: 'POST',
        url: '/api/landlord/properties',
        headers: landlord.headers,
        payload: { line1: `${i} Garden Street`, city: 'Springfield', state: 'IL', zip: '62704', rent: '1,500' },
      });
      expect(added.statusCode).toBe(201);
    }
  });
  afterAll(() => api.close());

  const list = (acceptEncoding?: string) =>
    api.request({
      url: '/api/landlord/properties',
      headers: { ...landlord.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends a large answer with brotli when the browser accepts it, and gzip when it accepts only that', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await list('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.payload);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.payload);
  });

  it('leaves a small answer as it is: compressing it would cost more than it saves', async () => {
    const small = await api.request({ url: '/api/account/validate', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'success', isValid: false, user: null });
  });
});
