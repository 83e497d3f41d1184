import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPrivateStorage,
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
let uploadDir = '';
beforeAll(() => {
  mediaDir = mkdtempSync(join(tmpdir(), 'bozor-media-'));
  uploadDir = mkdtempSync(join(tmpdir(), 'bozor-uploads-'));
});
afterAll(() => {
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(uploadDir, { recursive: true, force: true });
});

const s3Options = () => s3.options();
/** The private store as S3_* without S3_PRIVATE_BUCKET makes it: `private/` in the pictures' bucket. */
const privateBucket = () =>
  createPrivateStorage({ provider: 's3', ...s3Options(), prefix: 'private' });

const implementations: [string, () => Storage][] = [
  ['local folder', () => new LocalStorage(mediaDir)],
  ['S3 bucket (s3rver)', () => new S3Storage(s3Options())],
  [
    'private folder (UPLOAD_DIR)',
    () => createPrivateStorage({ provider: 'local', dir: uploadDir }),
  ],
  ['private folder of an S3 bucket (s3rver)', privateBucket],
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

describe('storage: the private store', () => {
  const face = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

  it('names no public address, in a folder or a bucket', () => {
    expect(createPrivateStorage({ provider: 'local', dir: uploadDir }).url('faces/1.jpg')).toBe(
      null,
    );
    expect(privateBucket().url('faces/1.jpg')).toBeNull();
  });

  it("keeps a folder's files and folders for the server's user alone", async () => {
    await createPrivateStorage({ provider: 'local', dir: uploadDir }).put(
      'faces/7-mode.jpg',
      face,
      'image/jpeg',
    );
    expect(statSync(join(uploadDir, 'faces', '7-mode.jpg')).mode & 0o777).toBe(0o600);
    expect(statSync(join(uploadDir, 'faces')).mode & 0o777).toBe(0o700);
  });

  it('reads a file kept before in UPLOAD_DIR by its key', async () => {
    await new LocalStorage(uploadDir).put('faces/8-before.jpg', face, 'image/jpeg');
    const file = await createPrivateStorage({ provider: 'local', dir: uploadDir }).get(
      'faces/8-before.jpg',
    );
    expect(file?.contentType).toBe('image/jpeg');
    expect(new Uint8Array(await readAll(file!.body))).toEqual(face);
  });

  it("keeps a bucket's private files under private/, apart from the pictures", async () => {
    await privateBucket().put('faces/9-apart.jpg', face, 'image/jpeg');
    const res = await fetch(`${s3.endpoint}/${TEST_BUCKET}/private/faces/9-apart.jpg`);
    expect(res.status).toBe(200);
    await res.body?.cancel();
    expect(await new S3Storage(s3Options()).get('faces/9-apart.jpg')).toBeNull();
    expect((await privateBucket().list('faces/')).map((f) => f.key)).toContain('faces/9-apart.jpg');
    expect((await new S3Storage(s3Options()).list('private/')).map((f) => f.key)).toContain(
      'private/faces/9-apart.jpg',
    );
  });

  it('uses a bucket of its own whole when S3_PRIVATE_BUCKET names one', async () => {
    const own = createPrivateStorage({ provider: 's3', ...s3Options(), prefix: undefined });
    await own.put('faces/10-own.jpg', face, 'image/jpeg');
    const res = await fetch(`${s3.endpoint}/${TEST_BUCKET}/faces/10-own.jpg`);
    expect(res.status).toBe(200);
    await res.body?.cancel();
    expect(own.url('faces/10-own.jpg')).toBeNull();
  });
});
