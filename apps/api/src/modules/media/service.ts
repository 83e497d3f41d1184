import { createHash } from 'node:crypto';
import { renderMedia } from '@bozor/demo';
import { AppError } from '../../lib/errors.ts';

export interface MediaFile {
  body: string;
  /** Strong validator: a hash of the body, quoted. */
  etag: string;
}

const CACHE_LIMIT = 2000;
const cache = new Map<string, MediaFile>();

export const mediaNotFound = () => new AppError('MEDIA_NOT_FOUND', 404);

/** The drawn picture at a `/media/…` address; addresses nothing is drawn at are not cached. */
export function mediaFile(address: string): MediaFile {
  const known = cache.get(address);
  if (known) return known;
  const body = renderMedia(address);
  if (body === undefined) throw mediaNotFound();
  const file = {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
  };
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(address, file);
  return file;
}

/** Whether an If-None-Match header names this validator (weak comparison, as RFC 9110 asks). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
