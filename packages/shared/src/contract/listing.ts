import { z } from 'zod';
import { Money, pageQueryOf } from './common.ts';
import { SORTS } from './limits.ts';

export { SORTS } from './limits.ts';

export const Sort = z.enum(SORTS);
export type Sort = z.infer<typeof Sort>;

export const DEFAULT_PER_PAGE = 24;
export const MAX_PER_PAGE = 60;

/** "a,b,c" → ["a","b","c"]; repeated keys (?brands=a&brands=b) are accepted too. */
const csv = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean),
);
const MAX_FILTER_VALUES = 50;
const slug = (message: string) => z.string().regex(/^[a-z0-9-]{1,100}$/, message);

/** Page, sort and the combinable filters shared by every product list. */
export const ProductListFields = z.object({
  ...pageQueryOf({ max: MAX_PER_PAGE, fallback: DEFAULT_PER_PAGE }).shape,
  sort: Sort.default('famous'),
  price_from: Money.optional(),
  price_to: Money.optional(),
  /** Only products whose reviews average this many stars or more ("4 stars and more"). */
  rating_from: z.coerce
    .number('rating_from_invalid')
    .int('rating_from_invalid')
    .min(1, 'rating_from_invalid')
    .max(5, 'rating_from_invalid')
    .optional(),
  /** Brand slugs. */
  brands: csv.pipe(z.array(slug('must be a brand slug')).max(MAX_FILTER_VALUES)).optional(),
  /** Colour slugs. */
  colors: csv.pipe(z.array(slug('must be a colour slug')).max(MAX_FILTER_VALUES)).optional(),
  /** Attribute value ids; values of one attribute widen the list, different attributes narrow it. */
  filters: csv
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[1-9]\d{0,8}$/, 'must be a filter value id')
            .transform(Number),
        )
        .max(MAX_FILTER_VALUES),
    )
    .optional(),
});

export const priceRangeIsOrdered: [
  (q: { price_from?: number | undefined; price_to?: number | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (q) => q.price_from == null || q.price_to == null || q.price_from <= q.price_to,
  { message: 'price_from must not exceed price_to', path: ['price_from'] },
];

/** Query of every product list: page, sort and the combinable filters. */
export const ProductListQuery = ProductListFields.refine(...priceRangeIsOrdered);
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const PriceRange = z.object({ min: z.number().int(), max: z.number().int() });
export type PriceRange = z.infer<typeof PriceRange>;

export const BrandFacet = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  count: z.number().int(),
});
export type BrandFacet = z.infer<typeof BrandFacet>;

export const ColorFacet = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  hex: z.string(),
  count: z.number().int(),
});

export const AttributeFacet = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  values: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
});

/** Everything a list's filter panel offers, counted over the unfiltered list. */
export const ListFilters = z.object({
  prices: PriceRange,
  brands: z.array(BrandFacet),
  colors: z.array(ColorFacet),
  filters: z.array(AttributeFacet),
});
export type ListFilters = z.infer<typeof ListFilters>;

export const Brand = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  products_count: z.number().int(),
});
export type Brand = z.infer<typeof Brand>;

/** Query of `GET /brands`: 30 brands a page unless asked otherwise. */
export const BrandsQuery = pageQueryOf({ max: MAX_PER_PAGE, fallback: 30 });

/** A brand as its own page names it. */
export const BrandRef = Brand.omit({ products_count: true });
export type BrandRef = z.infer<typeof BrandRef>;
