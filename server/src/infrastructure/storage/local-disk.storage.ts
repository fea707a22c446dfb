import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { assertStorageKey, FileStorage, StoredFile } from './file-storage.port';

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

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await rm(join(this.directory, key), { force: true });
    await rm(join(this.directory, `${key}.type`), { force: true });
  }
}
