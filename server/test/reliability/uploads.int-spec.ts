import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { MESSAGES } from '@rentwise/libs/messages';
import { SignedInClient, signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { DatabaseDigests } from './database-digest';

/** One file part, well formed, as a browser's FormData sends it. */
function multipart(file: Buffer, filename: string, contentType: string): { payload: Buffer; boundary: string } {
  const boundary = `----rentwise${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, boundary };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few hundred bytes whose header declares 50,000 x 50,000
 * pixels (2.5 gigapixels, 7.5 GB decoded), with the first rows of zeros deflated to almost nothing.
 */
function pngBomb(width = 50_000, height = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 16));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 150 } } }).png().toBuffer();

/** Every upload here is refused with the photo message, and leaves no file and no changed row behind. */
describe('photo uploads that must be refused', () => {
  let testApp: TestApp;
  let storageDir: string;
  let person: SignedInClient;
  let digests: DatabaseDigests;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'rentwise-uploads-'));
    testApp = await startTestApp({ STORAGE_DIR: storageDir, RUN_WORKERS: 'false' });
    person = await signedInUser(testApp, { type: 'tenant' });
    digests = new DatabaseDigests(testApp.dataSource);
  });
  afterAll(async () => {
    await testApp.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  async function expectRefused(file: Buffer, filename: string, contentType: string): Promise<void> {
    const before = await digests.take();
    const { payload, boundary } = multipart(file, filename, contentType);
    const started = Date.now();
    const response = await testApp.request({
      method: 'POST',
      url: '/api/account/save-user-photo',
      headers: { ...person.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { status: 'error', error: MESSAGES.photoUploadRejected },
    });
    // Refused from the header, not after decoding gigabytes.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await readdir(storageDir)).toEqual([]);
    expect(DatabaseDigests.differences(before, await digests.take())).toEqual([]);
    const validate = await testApp.request({ method: 'GET', url: '/api/account/validate', headers: person.headers });
    expect(validate.json().user.photoUrl).toBeNull();
  }

  describe('a non-image with an image name', () => {
    it.each([
      ['an HTML page', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'photo.jpg', 'image/jpeg'],
      ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF'), 'photo.png', 'image/png'],
      ['a GIF header followed by a script (a polyglot)', Buffer.from('GIF89a/*<script>alert(1)</script>*/'), 'photo.gif', 'image/gif'],
      ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>'), 'photo.png', 'image/png'],
      ['a ZIP', Buffer.from('504b0304140000000000', 'hex'), 'photo.webp', 'image/webp'],
    ])('refuses %s', async (_what, file, filename, contentType) => {
      await expectRefused(file, filename, contentType);
    });
  });

  describe('an image with a script name', () => {
    it.each(['photo.php', 'photo.html', 'photo.svg', 'photo.js', 'photo.png.exe', '<img src=x onerror=alert(1)>.png.sh'])(
      'refuses a real PNG named %s',
      async (filename) => {
        await expectRefused(await png(), filename, 'image/png');
      },
    );
  });

  it('refuses a huge image by its pixel dimensions (8,000 x 6,000, 48 megapixels, a few hundred KB)', async () => {
    const huge = await png(8_000, 6_000);
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    await expectRefused(huge, 'huge.png', 'image/png');
  });

  it('refuses a decompression bomb: a small PNG declaring 50,000 x 50,000 pixels', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    await expectRefused(bomb, 'bomb.png', 'image/png');
  });

  it.each([
    ['a PNG', () => png(), 'cut.png', 'image/png'],
    ['a JPEG', () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#883322' } }).jpeg().toBuffer(), 'cut.jpg', 'image/jpeg'],
  ])('refuses %s cut off halfway (inside a well-formed request)', async (_what, make, filename, contentType) => {
    const image = await make();
    await expectRefused(image.subarray(0, Math.floor(image.length / 2)), filename, contentType);
  });

  it('still takes a real photo named like one, afterwards', async () => {
    const { payload, boundary } = multipart(await png(), 'me.PNG', 'image/png');
    const response = await testApp.request({
      method: 'POST',
      url: '/api/account/save-user-photo',
      headers: { ...person.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect((await readdir(storageDir)).filter((name) => name.endsWith('.webp'))).toHaveLength(1);
  });
});
