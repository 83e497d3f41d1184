import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import {
  checkKey,
  contentTypeOf,
  type ListedFile,
  type Storage,
  type StoredFile,
} from './types.ts';

/**
 * Files in a folder of the server (MEDIA_DIR, or UPLOAD_DIR for the private store); the API
 * serves them itself. A private folder's files and folders are its owner's alone.
 */
export class LocalStorage implements Storage {
  readonly name = 'local';
  readonly #dir: string;
  readonly #modes: { file: number; folder: number } | undefined;

  constructor(dir: string, options: { private?: boolean } = {}) {
    this.#dir = dir;
    this.#modes = options.private ? { file: 0o600, folder: 0o700 } : undefined;
  }

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true, mode: this.#modes?.folder });
    // written beside and renamed into place, so a reader sees the old file or the whole new one
    const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(temporary, bytes, { mode: this.#modes?.file });
      await rename(temporary, path);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.#path(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { body: createReadStream(path), contentType: contentTypeOf(key), size: info.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  url(_key: string): null {
    return null;
  }

  async list(prefix: string): Promise<ListedFile[]> {
    const folder = join(this.#dir, checkKey(prefix.replace(/\/+$/, '')));
    let names: string[];
    try {
      names = await readdir(folder, { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const files: ListedFile[] = [];
    for (const name of names) {
      // a write still under way (`….part`) is not a file yet
      if (name.endsWith('.part')) continue;
      const path = join(folder, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) continue;
      files.push({ key: relative(this.#dir, path).split(sep).join('/'), modifiedAt: info.mtime });
    }
    return files;
  }

  #path(key: string): string {
    return join(this.#dir, checkKey(key));
  }
}
