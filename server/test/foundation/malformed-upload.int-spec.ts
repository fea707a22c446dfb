import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { MESSAGES } from '@rentwise/libs/messages';
import { SignedInClient, signedInUser } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const BOUNDARY = '----rentwise-malformed';

/** A multipart body whose file part starts but never ends: the closing boundary never comes. */
async function cutOffMidFile(): Promise<Buffer> {
  const image = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c85a28' } })
    .png()
    .toBuffer();
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    image.subarray(0, Math.floor(image.length / 2)),
  ]);
}

/** Broken multipart is the client's problem: a 400 with the upload message, nothing stored, never a 500. */
describe('a malformed photo upload', () => {
  let testApp: TestApp;
  let storageDir: string;
  let tenant: SignedInClient;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'rentwise-photos-'));
    testApp = await startTestApp({ STORAGE_DIR: storageDir });
    tenant = await signedInUser(testApp, { type: 'tenant' });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const upload = (contentType: string, payload: Buffer) =>
    testApp.request({
      method: 'POST',
      url: '/api/account/save-user-photo',
      headers: { ...tenant.headers, 'content-type': contentType },
      payload,
    });

  async function expectRefusedAndNothingStored(response: Awaited<ReturnType<typeof upload>>): Promise<void> {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', error: MESSAGES.photoUploadRejected });
    expect(await readdir(storageDir)).toEqual([]);
  }

  it('refuses multipart without a boundary', async () => {
    await expectRefusedAndNothingStored(await upload('multipart/form-data', Buffer.from('--x\r\n\r\nhello\r\n--x--\r\n')));
  });

  it('refuses a body cut off in the middle of the file', async () => {
    await expectRefusedAndNothingStored(await upload(`multipart/form-data; boundary=${BOUNDARY}`, await cutOffMidFile()));
  });

  it('refuses a part without a closing header block', async () => {
    await expectRefusedAndNothingStored(
      await upload(`multipart/form-data; boundary=${BOUNDARY}`, Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`)),
    );
  });
});
