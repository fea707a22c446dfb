import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startTestApp, TestApp } from '../support/test-app';

const PRERENDERED_SIGN_IN = '<!doctype html><div id="root"><h1>Sign In</h1></div>';

describe('serving the built client', () => {
  const script = 'console.log("the page");'.repeat(100);
  let dist: string;
  let api: TestApp;

  beforeAll(async () => {
    // A client build as Vite leaves it: fingerprinted assets with their brotli and gzip twins.
    dist = mkdtempSync(join(tmpdir(), 'rentwise-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets/index-abc123.js'), script);
    writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'email-logo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    // The sign-in page as the build prerenders it (client/vite-plugins/prerenderPages.ts).
    mkdirSync(join(dist, 'prerendered'));
    writeFileSync(join(dist, 'prerendered/sign-in.html'), PRERENDERED_SIGN_IN);
    writeFileSync(join(dist, 'prerendered/sign-in.html.br'), brotliCompressSync(PRERENDERED_SIGN_IN));
    api = await startTestApp({ SERVE_CLIENT: 'true', CLIENT_DIST: dist });
  });

  afterAll(async () => {
    await api.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli twin to a browser that accepts it, cached for good', async () => {
    const served = await api.request({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-encoding']).toBe('br');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends the gzip twin when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzipped = await api.request({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');

    const plain = await api.request({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('serves the emails\' logo to mail apps on other origins, cached for good', async () => {
    const logo = await api.request({ url: '/email-logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // same-origin, as every other answer has, would hide it from webmail and the dev mailbox's frames.
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers a page path with the app, for HEAD as for GET, and an unknown /api path with 404', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const page = await api.request({ method, url: '/landlord/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.payload).toBe(method === 'GET' ? '<!doctype html><div id="root"></div>' : '');
    }
    expect((await api.request({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    expect((await api.request({ method: 'HEAD', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('answers a prerendered page with its HTML to a visitor without a session, and with the app otherwise', async () => {
    const signedOut = await api.request({ url: '/sign-in', headers: { 'accept-encoding': 'br' } });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers['content-encoding']).toBe('br');
    expect(signedOut.headers.vary).toMatch(/Cookie/);
    expect((await api.request({ url: '/sign-in' })).payload).toBe(PRERENDERED_SIGN_IN);

    // A signed-in visitor is sent on by the app, and ?again=payment adds a notice: neither is the prerendered page.
    for (const request of [{ url: '/sign-in', headers: { cookie: 'rw_csrf=x; rw_session=abc' } }, { url: '/sign-in?again=payment' }]) {
      expect((await api.request(request)).payload).toBe('<!doctype html><div id="root"></div>');
    }
    expect((await api.request({ url: '/sign-in', headers: { cookie: 'rw_csrf=x' } })).payload).toBe(PRERENDERED_SIGN_IN);
  });
});
