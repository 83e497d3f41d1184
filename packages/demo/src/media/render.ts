import { BANNER_COUNT, renderBanner } from './banner.ts';
import { BRAND_SLUG, MAX_BRAND_SLUG, renderBrand } from './brand.ts';
import { renderCategory } from './category.ts';
import { isProductKind } from './kinds.ts';
import { renderProduct } from './product.ts';

/** `12.svg` → 12; whole numbers without leading zeros only, so one picture has one address. */
function numberOf(file: string, max: number): number | undefined {
  const match = /^(0|[1-9][0-9]{0,3})\.svg$/.exec(file);
  const value = match ? Number(match[1]) : Number.NaN;
  return value >= 0 && value <= max ? value : undefined;
}

function stemOf(file: string): string | undefined {
  return file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : undefined;
}

/**
 * The SVG drawn for a media address, or undefined when nothing is drawn there:
 * `/media/products/{kind}/{variant}.svg` (variant 0–9999; 4k…4k+3 are one item seen four ways),
 * `/media/categories/{kind}.svg`, `/media/brands/{slug}.svg` and `/media/banners/{n}.svg` (1–8).
 * The same address always gives the same bytes.
 */
export function renderMedia(address: string): string | undefined {
  const [empty, media, area, ...rest] = address.split('/');
  if (empty !== '' || media !== 'media') return undefined;
  const [first = '', second] = rest;
  if (area === 'products' && second !== undefined && rest.length === 2) {
    const variant = numberOf(second, 9999);
    return isProductKind(first) && variant !== undefined
      ? renderProduct(first, variant)
      : undefined;
  }
  if (rest.length !== 1) return undefined;
  if (area === 'categories') {
    const kind = stemOf(first);
    return kind !== undefined && isProductKind(kind) ? renderCategory(kind) : undefined;
  }
  if (area === 'brands') {
    const slug = stemOf(first);
    return slug !== undefined && slug.length <= MAX_BRAND_SLUG && BRAND_SLUG.test(slug)
      ? renderBrand(slug)
      : undefined;
  }
  if (area === 'banners') {
    const n = numberOf(first, BANNER_COUNT);
    return n !== undefined && n >= 1 ? renderBanner(n) : undefined;
  }
  return undefined;
}
