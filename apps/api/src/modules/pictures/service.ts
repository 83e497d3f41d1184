import { createHash } from 'node:crypto';
import {
  ALL_PICTURE_WIDTHS,
  PICTURE_FORMATS,
  type PictureFormat,
  type PictureKind,
  UPLOADED_PICTURE_PATH,
  type UploadedPicture,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Storage, StoredFile } from '../../providers/storage/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { picturesInUse } from './repository.ts';
import {
  detectPictureType,
  makeVariants,
  type PictureMime,
  readPicture,
  VARIANT_TYPES,
  variantsOf,
} from './variants.ts';

export interface PictureDeps {
  db: Executor;
  storage: Storage;
}

/** The storage key of one variant: `u/<hash>/<width>.<format>`. */
export const variantKey = (hash: string, width: number, format: PictureFormat) =>
  `u/${hash}/${width}.${format}`;

async function exists(storage: Storage, key: string): Promise<boolean> {
  const file = await storage.get(key);
  file?.body.destroy();
  return file !== null;
}

/**
 * Takes an uploaded picture: JPEG, PNG or WebP by its bytes, decodable whole, then stores its
 * WebP and AVIF variants at the widths of `kind` and nothing of the original. The path is named by
 * a hash of the bytes, so the same file uploaded again gives the same path and only the variants
 * still missing (another kind's widths) are made. A member of staff's upload is recorded in the
 * audit log; a customer's (a review's photo, `actor` null) is not staff's doing.
 */
export async function uploadPicture(
  deps: PictureDeps,
  actor: Actor | null,
  upload: { bytes: Uint8Array; kind: PictureKind },
): Promise<UploadedPicture> {
  const mime: PictureMime | null = detectPictureType(upload.bytes);
  if (!mime) throw new AppError('PICTURE_TYPE_INVALID', 415);
  const { width, height } = await readPicture(upload.bytes);
  const hash = createHash('sha256').update(upload.bytes).digest('hex').slice(0, 32);
  const wanted = variantsOf(upload.kind);
  const present = await Promise.all(
    wanted.map((v) => exists(deps.storage, variantKey(hash, v.width, v.format))),
  );
  const missing = wanted.filter((_, i) => !present[i]);
  for (const variant of await makeVariants(upload.bytes, missing)) {
    await deps.storage.put(
      variantKey(hash, variant.width, variant.format),
      variant.bytes,
      VARIANT_TYPES[variant.format],
    );
  }
  const picture = { path: `/media/u/${hash}`, width, height };
  if (!actor) return picture;
  await recordAudit(deps.db, actor, {
    action: 'picture.upload',
    objectType: 'picture',
    objectId: hash,
    after: {
      ...picture,
      kind: upload.kind,
      type: mime,
      bytes: upload.bytes.byteLength,
      made: missing.map((v) => `${v.width}.${v.format}`),
    },
  });
  return picture;
}

/** One stored variant of a picture, or null; `width` absent: the largest WebP there is. */
export async function pictureFile(
  storage: Storage,
  hash: string,
  variant?: { width: number; format: PictureFormat },
): Promise<{ key: string; file: StoredFile } | null> {
  const candidates = variant
    ? [variant]
    : [...ALL_PICTURE_WIDTHS].reverse().map((width) => ({ width, format: 'webp' as const }));
  for (const { width, format } of candidates) {
    const key = variantKey(hash, width, format);
    const file = await storage.get(key);
    if (file) return { key, file };
  }
  return null;
}

/**
 * Deletes the files of those uploaded pictures that nothing shows any more (no product, banner,
 * brand, category, collection or order line names them); other paths (the demo's drawings) are
 * left alone. Call it after the change that dropped the references has committed: files cannot
 * be put back by a rollback. Answers the paths whose files were deleted.
 */
export async function releasePictures(deps: PictureDeps, paths: string[]): Promise<string[]> {
  const uploaded = [...new Set(paths)].filter((path) => UPLOADED_PICTURE_PATH.test(path));
  const inUse = await picturesInUse(deps.db, uploaded);
  const released = uploaded.filter((path) => !inUse.has(path));
  for (const path of released) {
    const hash = UPLOADED_PICTURE_PATH.exec(path)?.[1] ?? '';
    await Promise.all(
      ALL_PICTURE_WIDTHS.flatMap((width) =>
        PICTURE_FORMATS.map((format) => deps.storage.delete(variantKey(hash, width, format))),
      ),
    );
  }
  return released;
}

/**
 * A picture is kept this long after its last file was written even when nothing names it yet: the
 * form it was uploaded on may still be open, unsaved.
 */
export const UNSAVED_PICTURE_GRACE_MS = 24 * 60 * 60 * 1000;
/** Pictures checked against the catalogue at once. */
const SWEEP_BATCH = 500;

/**
 * Deletes the stored pictures nothing names any more: one taken off a product, a banner, a brand,
 * a category or a collection (or the thing itself deleted), and one uploaded on a form that was
 * never saved, once `graceMs` has passed since it was written. Answers the paths deleted.
 */
export async function sweepPictures(
  deps: PictureDeps,
  now: Date,
  graceMs = UNSAVED_PICTURE_GRACE_MS,
): Promise<string[]> {
  const newest = new Map<string, number>();
  for (const file of await deps.storage.list('u/')) {
    const hash = /^u\/([0-9a-f]{32})\//.exec(file.key)?.[1];
    if (!hash) continue;
    newest.set(hash, Math.max(newest.get(hash) ?? 0, file.modifiedAt.getTime()));
  }
  const settled = [...newest]
    .filter(([, at]) => at <= now.getTime() - graceMs)
    .map(([hash]) => `/media/u/${hash}`);
  const released: string[] = [];
  for (let i = 0; i < settled.length; i += SWEEP_BATCH) {
    released.push(...(await releasePictures(deps, settled.slice(i, i + SWEEP_BATCH))));
  }
  return released;
}
