import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocalStorage,
  S3Storage,
  type Storage,
  StorageError,
} from '../../src/providers/storage/index.ts';
import { TEST_BUCKET, useS3rver } from '../helpers/s3rver.ts';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const s3 = useS3rver();
let mediaDir = '';
beforeAll(() => {
  mediaDir = mkdtempSync(join(tmpdir(), 'bozor-media-'));
});
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

const s3Options = () => s3.options();

const implementations: [string, () => Storage][] = [
  ['local folder', () => new LocalStorage(mediaDir)],
  ['S3 bucket (s3rver)', () => new S3Storage(s3Options())],
];

describe.each(implementations)('storage: %s', (_name, make) => {
  const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);

  it('reads back what it wrote, with its type and length', async () => {
    const storage = make();
    await storage.put('u/abc123/640.webp', bytes, 'image/webp');
    const file = await storage.get('u/abc123/640.webp');
    expect(file).not.toBeNull();
    expect(file?.contentType).toBe('image/webp');
    expect(file?.size).toBe(bytes.length);
    expect(new Uint8Array(await readAll(file!.body))).toEqual(bytes);
  });

  it('answers null for a key never written', async () => {
    expect(await make().get('u/never/160.avif')).toBeNull();
  });

  it('replaces a file written again under the same key', async () => {
    const storage = make();
    await storage.put('u/again/160.avif', bytes, 'image/avif');
    await storage.put('u/again/160.avif', new Uint8Array([9, 9]), 'image/avif');
    const file = await storage.get('u/again/160.avif');
    expect(file?.contentType).toBe('image/avif');
    expect([...(await readAll(file!.body))]).toEqual([9, 9]);
  });

  it('deletes a file, and deleting one that is not there is no error', async () => {
    const storage = make();
    await storage.put('u/gone/320.webp', bytes, 'image/webp');
    await storage.delete('u/gone/320.webp');
    expect(await storage.get('u/gone/320.webp')).toBeNull();
    await expect(storage.delete('u/gone/320.webp')).resolves.toBeUndefined();
  });

  it('lists the files under a folder with when each was written, none outside it', async () => {
    const storage = make();
    const before = Date.now() - 60_000;
    await storage.put('u/listed1/160.webp', bytes, 'image/webp');
    await storage.put('u/listed1/320.avif', bytes, 'image/avif');
    await storage.put('other/listed1.webp', bytes, 'image/webp');
    const listed = (await storage.list('u/')).filter((f) => f.key.includes('listed1'));
    expect(listed.map((f) => f.key).sort()).toEqual(['u/listed1/160.webp', 'u/listed1/320.avif']);
    for (const file of listed) expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(await storage.list('nothing-here/')).toEqual([]);
  });

  it.each(['../escape.webp', 'u/../../etc/passwd', '/absolute.webp', 'u//double.webp', 'U/Upper'])(
    'refuses the key %s',
    async (key) => {
      const storage = make();
      await expect(storage.put(key, bytes, 'image/webp')).rejects.toBeInstanceOf(StorageError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageError);
    },
  );
});

describe('storage: local folder', () => {
  it('is served by the API: it names no address of its own', () => {
    expect(new LocalStorage(mediaDir).url('u/abc/160.webp')).toBeNull();
  });
});

describe('storage: S3 bucket', () => {
  it('names the public address of a key when S3_PUBLIC_URL is set, none otherwise', () => {
    expect(new S3Storage(s3Options()).url('u/abc/160.webp')).toBeNull();
    const cdn = new S3Storage({ ...s3Options(), publicUrl: 'https://cdn.bozor.uz/media/' });
    expect(cdn.url('u/abc/160.webp')).toBe('https://cdn.bozor.uz/media/u/abc/160.webp');
  });

  it('keeps the files in the bucket, addressed by path', async () => {
    await new S3Storage(s3Options()).put('u/path/160.webp', new Uint8Array([1]), 'image/webp');
    const res = await fetch(`${s3.endpoint}/${TEST_BUCKET}/u/path/160.webp`);
    expect(res.status).toBe(200);
  });

  it('fails with a StorageError when the bucket refuses the keys', async () => {
    const wrong = new S3Storage({ ...s3Options(), accessKeyId: 'NOT-A-KEY' });
    await expect(wrong.put('u/x/160.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      /S3 answered 403/,
    );
    await expect(wrong.get('u/x/160.webp')).rejects.toBeInstanceOf(StorageError);
  });

  it('fails with a StorageError when the server cannot be reached', async () => {
    const gone = new S3Storage({ ...s3Options(), endpoint: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(gone.get('u/x/160.webp')).rejects.toThrow(/could not be reached/);
  });
});
