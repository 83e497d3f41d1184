import { SORTS, type Sort } from '@bozor/shared';

/** What a product list shows, as kept in the page's URL so a link reproduces the view. */
export interface ListParams {
  page: number;
  sort: Sort | undefined;
  priceFrom: number | undefined;
  priceTo: number | undefined;
  /** "4 stars and more": only products whose reviews average at least this. */
  ratingFrom: number | undefined;
  brands: string[];
  colors: string[];
  filters: number[];
}

const csv = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const wholeNumber = (value: string | null) => {
  if (value == null || !/^\d{1,12}$/.test(value)) return undefined;
  return Number(value);
};

export function readListParams(search: URLSearchParams): ListParams {
  const sort = search.get('sort');
  return {
    page: Math.max(1, wholeNumber(search.get('page')) ?? 1),
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : undefined,
    priceFrom: wholeNumber(search.get('price_from')),
    priceTo: wholeNumber(search.get('price_to')),
    ratingFrom: /^[1-5]$/.test(search.get('rating_from') ?? '')
      ? Number(search.get('rating_from'))
      : undefined,
    brands: csv(search.get('brands')).filter((s) => /^[a-z0-9-]+$/.test(s)),
    colors: csv(search.get('colors')).filter((s) => /^[a-z0-9-]+$/.test(s)),
    filters: csv(search.get('filters'))
      .filter((s) => /^[1-9]\d{0,8}$/.test(s))
      .map(Number),
  };
}

/** Writes the list state into the URL; any change but the page itself starts at page 1. */
export function writeListParams(
  search: URLSearchParams,
  change: Partial<ListParams>,
): URLSearchParams {
  const next = {
    ...readListParams(search),
    ...(change.page == null ? { page: 1 } : {}),
    ...change,
  };
  const out = new URLSearchParams(search);
  const set = (key: string, value: string | undefined) => {
    if (value == null || value === '') out.delete(key);
    else out.set(key, value);
  };
  set('page', next.page > 1 ? String(next.page) : undefined);
  set('sort', next.sort);
  set('price_from', next.priceFrom?.toString());
  set('price_to', next.priceTo?.toString());
  set('rating_from', next.ratingFrom?.toString());
  set('brands', next.brands.join(','));
  set('colors', next.colors.join(','));
  set('filters', next.filters.join(','));
  return out;
}

/** The query string the API understands. */
export function apiQuery(params: ListParams, perPage: number): string {
  const q = new URLSearchParams({ page: String(params.page), per_page: String(perPage) });
  if (params.sort) q.set('sort', params.sort);
  if (params.priceFrom != null) q.set('price_from', String(params.priceFrom));
  if (params.priceTo != null) q.set('price_to', String(params.priceTo));
  if (params.ratingFrom != null) q.set('rating_from', String(params.ratingFrom));
  if (params.brands.length) q.set('brands', params.brands.join(','));
  if (params.colors.length) q.set('colors', params.colors.join(','));
  if (params.filters.length) q.set('filters', params.filters.join(','));
  return q.toString();
}

export function activeFilterCount(params: ListParams): number {
  return (
    params.brands.length +
    params.colors.length +
    params.filters.length +
    (params.priceFrom != null || params.priceTo != null ? 1 : 0) +
    (params.ratingFrom != null ? 1 : 0)
  );
}

export function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
