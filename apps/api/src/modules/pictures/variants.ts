import {
  PICTURE_FORMATS,
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureKind,
} from '@bozor/shared';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/errors.ts';

/** The pictures accepted, judged by their first bytes: a name or a declared type can lie. */
export type PictureMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** The most pixels a picture may have: a small file can unpack into gigabytes otherwise. */
export const MAX_PICTURE_PIXELS = 50_000_000;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** JPEG, PNG or WebP by their magic numbers; null for anything else (a script named .jpg). */
export function detectPictureType(bytes: Uint8Array): PictureMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

export interface Variant {
  width: number;
  format: PictureFormat;
  bytes: Buffer;
}

export const VARIANT_TYPES: Record<PictureFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
};

/**
 * Reads the picture's header: its size once turned upright by its EXIF orientation. A file whose
 * header does not decode is refused here, one damaged further on when its variants are made.
 */
export async function readPicture(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new AppError('PICTURE_CORRUPT', 422);
  }
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new AppError('PICTURE_CORRUPT', 422);
  if (width * height > MAX_PICTURE_PIXELS) throw new AppError('PICTURE_PIXELS_TOO_MANY', 422);
  return { width, height };
}

/** Every variant a picture of `kind` has: WebP and AVIF at each of its widths. */
export function variantsOf(kind: PictureKind): { width: number; format: PictureFormat }[] {
  return PICTURE_WIDTHS[kind].flatMap((width) =>
    PICTURE_FORMATS.map((format) => ({ width, format })),
  );
}

/**
 * Makes the variants asked for: turned upright, never enlarged, without any of the original's
 * metadata (camera, place, time). All are made before any is stored, so a file damaged halfway
 * leaves nothing behind.
 */
export async function makeVariants(
  bytes: Uint8Array,
  wanted: { width: number; format: PictureFormat }[],
): Promise<Variant[]> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS }).rotate();
    const made: Variant[] = [];
    // one at a time: the machine's few cores are shared with every other request
    for (const variant of wanted) {
      const resized = source.clone().resize({ width: variant.width, withoutEnlargement: true });
      const encoded =
        variant.format === 'avif'
          ? resized.avif({ quality: 55, effort: 4 })
          : resized.webp({ quality: 82, effort: 4 });
      made.push({ ...variant, bytes: await encoded.toBuffer() });
    }
    return made;
  } catch {
    throw new AppError('PICTURE_CORRUPT', 422);
  }
}
