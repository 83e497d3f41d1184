import type { FastifyRequest } from 'fastify';
import { CACHE_TAGS } from '../lib/catalogue-changes.ts';
import { categorySubtreeIds } from '../modules/catalogue/index.ts';

/**
 * The cache tags of an answer (their names in lib/catalogue-changes.ts): which catalogue changes make it
 * stale. An answer is dropped when any of its tags is announced, and by "everything" in any case.
 */
export type CacheTagger = (
  request: FastifyRequest,
  payload: unknown,
) => string[] | Promise<string[]>;

type Listed = { id: number };

function idsOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return (list as Listed[]).map((product) => CACHE_TAGS.product(product.id));
}

/** Lists and panels across the catalogue: any product change but a stock count may move them. */
const acrossCatalogue: CacheTagger = () => [CACHE_TAGS.acrossCatalogue];
const productList: CacheTagger = (_request, payload) => [
  CACHE_TAGS.acrossCatalogue,
  ...idsOf((payload as { data?: unknown }).data),
];
/** Categories, brands, pages: only "everything" (their tables) makes them stale. */
const untagged: CacheTagger = () => [];

async function subtreeTags(request: FastifyRequest, id: string): Promise<string[]> {
  const ids = await categorySubtreeIds(request.server.db, id);
  return ids.map(CACHE_TAGS.category);
}

const categoryParam = (request: FastifyRequest) =>
  (request.params as { id?: string; categoryId?: string }).categoryId ??
  (request.params as { id: string }).id;

/**
 * The anonymous catalogue reads answered from memory, by route, with how each answer is tagged.
 * No other route is cached; customer routes never are, nor the home banners, whose answer
 * changes as their dates pass, with no change in the database to announce it.
 */
export const CACHED_ROUTES: Readonly<Record<string, CacheTagger>> = {
  '/api/categories/top': untagged,
  '/api/categories/all': untagged,
  '/api/categories/:id': untagged,
  '/api/category-products/:categoryId': async (request, payload) => [
    ...(await subtreeTags(request, categoryParam(request))),
    ...idsOf((payload as { data?: unknown }).data),
  ],
  '/api/categories/filters-all/:id': (request) => subtreeTags(request, categoryParam(request)),
  '/api/categories/brands/:id': (request) => subtreeTags(request, categoryParam(request)),
  '/api/categories/prices/:id': (request) => subtreeTags(request, categoryParam(request)),
  '/api/products/famous': productList,
  '/api/products/:id': (_request, payload) => {
    const id = (payload as { data?: Listed }).data?.id;
    return id === undefined
      ? [CACHE_TAGS.acrossCatalogue]
      : [CACHE_TAGS.product(id), CACHE_TAGS.details(id)];
  },
  '/api/products/list/:slug': productList,
  '/api/products/list-filters/:slug': acrossCatalogue,
  '/api/products/collection/:id': (_request, payload) => [
    CACHE_TAGS.acrossCatalogue,
    ...idsOf((payload as { products?: { data?: unknown } }).products?.data),
  ],
  '/api/products/collection-filters/:id': acrossCatalogue,
  '/api/products/similar/:id': productList,
  '/api/products/similar-filters/:id': acrossCatalogue,
  '/api/collections': acrossCatalogue,
  '/api/brands': acrossCatalogue,
  '/api/brands/:slug': untagged,
  '/api/brands/filters/:slug': acrossCatalogue,
  '/api/brand-products/:slug': productList,
  '/api/search': (_request, payload) => [
    CACHE_TAGS.acrossCatalogue,
    ...idsOf((payload as { data?: { products?: { data?: unknown } } }).data?.products?.data ?? []),
  ],
  '/api/search/filters': acrossCatalogue,
  '/api/contents/:slug': untagged,
  '/api/questions': untagged,
  '/api/branches': untagged,
};
