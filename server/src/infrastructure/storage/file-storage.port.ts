/** A stored file as the storage hands it back. */
export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are chosen by the caller (random, unguessable) and may contain
 * only letters, digits, '-', '_' and '.', so that no adapter ever sees a path.
 */
export abstract class FileStorage {
  abstract put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Null when there is no file under this key. */
  abstract get(key: string): Promise<StoredFile | null>;
  /** Does nothing when there is no file under this key. */
  abstract delete(key: string): Promise<void>;
}

export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}
