import type { Readable } from 'node:stream';

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
  /**
   * Stores what `source` produces, never holding it all in memory. The key shows a file only once
   * all of it is durably written (temporary name, fsync, rename); a failure leaves nothing under it.
   */
  abstract putStream(key: string, source: Readable, contentType: string): Promise<{ byteSize: number }>;
  /** Null when there is no file under this key. */
  abstract openStream(key: string): Promise<StoredStream | null>;
}

export interface StoredStream {
  stream: Readable;
  byteSize: number;
  contentType: string;
}

export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}
