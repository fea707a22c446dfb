import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalDiskStorage } from './local-disk.storage';

describe('local disk storage', () => {
  let directory: string;
  let storage: LocalDiskStorage;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'rentwise-storage-'));
    storage = new LocalDiskStorage(join(directory, 'uploads'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('gives back what was put, with its content type', async () => {
    await storage.put('photo-1.webp', Buffer.from('image bytes'), 'image/webp');
    expect(await storage.get('photo-1.webp')).toEqual({ data: Buffer.from('image bytes'), contentType: 'image/webp' });
  });

  it('answers null for a key with no file, and deletes quietly', async () => {
    expect(await storage.get('missing')).toBeNull();
    await storage.delete('missing');
    await storage.put('gone', Buffer.from('x'), 'text/plain');
    await storage.delete('gone');
    expect(await storage.get('gone')).toBeNull();
    expect(await readdir(join(directory, 'uploads'))).toEqual([]);
  });

  it('refuses keys that could name a path', async () => {
    for (const key of ['../secret', 'a/b', '', '.hidden', 'a..b']) {
      await expect(storage.get(key)).rejects.toThrow('Invalid storage key');
    }
  });

  it('stores a stream under its key only once all of it is written, and streams it back', async () => {
    const chunks = Array.from({ length: 100 }, (_, index) => `line ${index}\n`);
    expect(await storage.putStream('export-1.csv', Readable.from(chunks), 'text/csv')).toEqual({ byteSize: chunks.join('').length });
    const stored = await storage.openStream('export-1.csv');
    expect(stored?.contentType).toBe('text/csv');
    expect(await text(stored!.stream)).toBe(chunks.join(''));
    expect(await storage.openStream('missing')).toBeNull();
  });

  it('leaves nothing under the key, and no temporary file, when the stream fails half way', async () => {
    async function* failing() {
      yield 'half a file';
      throw new Error('worker stopped');
    }
    await expect(storage.putStream('export-2.csv', Readable.from(failing()), 'text/csv')).rejects.toThrow('worker stopped');
    expect(await storage.openStream('export-2.csv')).toBeNull();
    expect(await readdir(join(directory, 'uploads'))).toEqual([]);
  });
});
