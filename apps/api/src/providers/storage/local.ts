import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkKey, contentTypeOf, type Storage, type StoredFile } from './types.ts';

/** Files in a folder of the server (MEDIA_DIR); the API serves them itself. */
export class LocalStorage implements Storage {
  readonly name = 'local';
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    // written beside and renamed into place, so a reader sees the old file or the whole new one
    const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(temporary, bytes);
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

  #path(key: string): string {
    return join(this.#dir, checkKey(key));
  }
}
