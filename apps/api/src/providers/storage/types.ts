import type { Readable } from 'node:stream';

/** A stored file as read back: its bytes as a stream, its type and, when known, its length. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number | undefined;
}

/**
 * Where the shop keeps a kind of file: a folder on the server, or an S3-compatible bucket. Two
 * stores exist: the pictures (`u/<hash>/640.webp`), which browsers may read, and the private one
 * (`faces/…`, `imports/…`), which only the API reads, for staff. Keys are relative paths of
 * lower-case letters, digits, dots, dashes and slashes.
 */
export interface Storage {
  readonly name: 'local' | 's3';
  /** Writes the file whole; a reader never sees half of it. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser may fetch the file directly, or null when the API serves it from `get`. */
  url(key: string): string | null;
  /** Every file whose key starts with `prefix` (a folder, `u/`), with when it was last written. */
  list(prefix: string): Promise<ListedFile[]>;
}

export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

export class StorageError extends Error {
  override readonly name = 'StorageError';
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** A key that cannot climb out of its folder or bucket (no `..`, no leading slash). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new StorageError(`not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Whether `key` is one a store takes (checkKey would not refuse it). */
export function isKey(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The content type a key's extension names (a folder keeps no types of its own). */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
