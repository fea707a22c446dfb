import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, FileStorage, StoredFile, StoredStream } from './file-storage.port';

/**
 * Files on the local disk under STORAGE_DIR: the data in `<key>` and its content type beside it in
 * `<key>.type`. Written to a temporary name and renamed, so a reader never sees half a file.
 */
export class LocalDiskStorage extends FileStorage {
  private readonly directory: string;
  private ready?: Promise<unknown>;

  constructor(directory: string) {
    super();
    this.directory = resolve(directory);
  }

  private ensureDirectory(): Promise<unknown> {
    this.ready ??= mkdir(this.directory, { recursive: true });
    return this.ready;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.ensureDirectory();
    const temporary = join(this.directory, `.tmp-${randomUUID()}`);
    await writeFile(`${temporary}.type`, contentType);
    await writeFile(temporary, data);
    await rename(`${temporary}.type`, join(this.directory, `${key}.type`));
    await rename(temporary, join(this.directory, key));
  }

  async get(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    try {
      const [data, contentType] = await Promise.all([
        readFile(join(this.directory, key)),
        readFile(join(this.directory, `${key}.type`), 'utf8'),
      ]);
      return { data, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async putStream(key: string, source: Readable, contentType: string): Promise<{ byteSize: number }> {
    assertStorageKey(key);
    await this.ensureDirectory();
    const temporary = join(this.directory, `.tmp-${randomUUID()}`);
    try {
      await writeFile(`${temporary}.type`, contentType);
      await pipeline(source, createWriteStream(temporary));
      // Durable before it gets its name: after a crash the key holds the whole file or nothing new.
      const file = await open(temporary, 'r+');
      await file.sync().finally(() => file.close());
      const { size } = await stat(temporary);
      await rename(`${temporary}.type`, join(this.directory, `${key}.type`));
      await rename(temporary, join(this.directory, key));
      const directory = await open(this.directory, 'r');
      await directory.sync().finally(() => directory.close());
      return { byteSize: size };
    } catch (error) {
      await rm(temporary, { force: true });
      await rm(`${temporary}.type`, { force: true });
      throw error;
    }
  }

  async openStream(key: string): Promise<StoredStream | null> {
    assertStorageKey(key);
    try {
      const [{ size }, contentType] = await Promise.all([
        stat(join(this.directory, key)),
        readFile(join(this.directory, `${key}.type`), 'utf8'),
      ]);
      return { stream: createReadStream(join(this.directory, key)), byteSize: size, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await rm(join(this.directory, key), { force: true });
    await rm(join(this.directory, `${key}.type`), { force: true });
  }
}
