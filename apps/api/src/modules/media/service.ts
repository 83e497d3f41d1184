import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { BANNER_COUNT, renderBanner } from './banner.ts';
import { BRAND_SLUG, MAX_BRAND_SLUG, renderBrand } from './brand.ts';
import { renderCategory } from './category.ts';
import { isProductKind } from './kinds.ts';
import { renderProduct } from './product.ts';

export interface MediaFile {
  body: string;
  /** Strong validator: a hash of the body, quoted. */
  etag: string;
}

const CACHE_LIMIT = 2000;
const cache = new Map<string, MediaFile>();

function remember(key: string, render: () => string): MediaFile {
  const known = cache.get(key);
  if (known) return known;
  const body = render();
  const file = {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
  };
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, file);
  return file;
}

export const mediaNotFound = () => new AppError('MEDIA_NOT_FOUND', 404);

/** `12.svg` → 12; whole numbers without leading zeros only, so one image has one address. */
function numberOf(file: string, max: number): number {
  const match = /^(0|[1-9][0-9]{0,3})\.svg$/.exec(file);
  const value = match ? Number(match[1]) : Number.NaN;
  if (!(value >= 0 && value <= max)) throw mediaNotFound();
  return value;
}

function stemOf(file: string): string {
  if (!file.endsWith('.svg')) throw mediaNotFound();
  return file.slice(0, -'.svg'.length);
}

export function productImage(kind: string, file: string): MediaFile {
  if (!isProductKind(kind)) throw mediaNotFound();
  const variant = numberOf(file, 9999);
  return remember(`products/${kind}/${variant}`, () => renderProduct(kind, variant));
}

export function categoryIcon(file: string): MediaFile {
  const kind = stemOf(file);
  if (!isProductKind(kind)) throw mediaNotFound();
  return remember(`categories/${kind}`, () => renderCategory(kind));
}

export function brandLogo(file: string): MediaFile {
  const slug = stemOf(file);
  if (slug.length > MAX_BRAND_SLUG || !BRAND_SLUG.test(slug)) throw mediaNotFound();
  return remember(`brands/${slug}`, () => renderBrand(slug));
}

export function bannerImage(file: string): MediaFile {
  const n = numberOf(file, BANNER_COUNT);
  if (n < 1) throw mediaNotFound();
  return remember(`banners/${n}`, () => renderBanner(n));
}

/** Whether an If-None-Match header names this validator (weak comparison, as RFC 9110 asks). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
