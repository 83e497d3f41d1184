import type {
  Brand,
  Collection,
  Lang,
  ListFilters,
  PageMeta,
  PriceRange,
  ProductListQuery,
  ProductSummary,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { AppError, type ErrorCode, errorMessage, notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/paging.ts';
import { ruleOf, ruleProductIds } from './collection-rules.ts';
import * as repo from './listing-repository.ts';
import { listHiddenCategoryIds } from './repository.ts';
import { categorySubtreeIds } from './service.ts';
import { summarizeProducts } from './summaries.ts';

function unknownValues(field: string, code: ErrorCode, lang: Lang, values: (string | number)[]) {
  return new AppError(code, 400, {
    [field]: [`${errorMessage(code, lang)}: ${values.join(', ')}`],
  });
}

/** Turns the slugs and ids of a query into ids; anything unknown is a 400, never silence. */
export async function resolveFilters(
  db: Executor,
  query: Omit<ProductListQuery, 'sort'>,
  lang: Lang,
): Promise<repo.ResolvedFilters> {
  if (!query.brands?.length && !query.colors?.length && !query.filters?.length) {
    return { priceFrom: query.price_from, priceTo: query.price_to, ratingFrom: query.rating_from };
  }
  const known = await repo.listFilterNames(db);
  const missingBrands = (query.brands ?? []).filter((s) => !known.brands.has(s));
  if (missingBrands.length) throw unknownValues('brands', 'UNKNOWN_BRAND', lang, missingBrands);
  const missingColors = (query.colors ?? []).filter((s) => !known.colors.has(s));
  if (missingColors.length) throw unknownValues('colors', 'UNKNOWN_COLOR', lang, missingColors);
  const missingValues = (query.filters ?? []).filter((id) => !known.values.has(id));
  if (missingValues.length) throw unknownValues('filters', 'UNKNOWN_FILTER', lang, missingValues);

  const groups = new Map<number, number[]>();
  for (const id of new Set(query.filters ?? [])) {
    const attributeId = known.values.get(id) ?? 0;
    groups.set(attributeId, [...(groups.get(attributeId) ?? []), id]);
  }
  return {
    priceFrom: query.price_from,
    priceTo: query.price_to,
    ratingFrom: query.rating_from,
    brandIds: [...new Set(query.brands ?? [])].map((slug) => known.brands.get(slug) ?? 0),
    colorIds: [...new Set(query.colors ?? [])].map((slug) => known.colors.get(slug) ?? 0),
    valueGroups: [...groups.values()],
  };
}

/** The scope with the products of categories the shop does not show left out. */
async function shownScope(db: Executor, scope: repo.ProductScope): Promise<repo.ProductScope> {
  const hidden = await listHiddenCategoryIds(db);
  return hidden.length > 0 ? { ...scope, hiddenCategoryIds: hidden } : scope;
}

/** One page of any product list: its scope narrowed by the query's filters. */
export async function listProducts(
  db: Executor,
  listScope: repo.ProductScope,
  query: Omit<ProductListQuery, 'sort'> & { sort: repo.SortKey },
  lang: Lang,
): Promise<{ data: ProductSummary[]; meta: PageMeta }> {
  const scope = await shownScope(db, listScope);
  const filters = await resolveFilters(db, query, lang);
  const { rows, total } = await repo.listProductPage(db, scope, filters, {
    sort: query.sort,
    page: query.page,
    perPage: query.per_page,
  });
  return {
    data: await summarizeProducts(db, rows, lang),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

/** The filter panel of a list: price range and facets with counts. */
export async function filtersOf(
  db: Executor,
  listScope: repo.ProductScope,
  lang: Lang,
): Promise<ListFilters> {
  const scope = await shownScope(db, listScope);
  const [prices, brands, colors, values] = await Promise.all([
    repo.priceRange(db, scope),
    repo.brandFacets(db, scope),
    repo.colorFacets(db, scope),
    repo.attributeFacets(db, scope),
  ]);
  const attributes = new Map<number, ListFilters['filters'][number]>();
  for (const v of values) {
    const attribute = attributes.get(v.attributeId) ?? {
      id: v.attributeId,
      slug: v.attributeSlug,
      name: pick(v, 'attributeName', lang),
      values: [],
    };
    attribute.values.push({
      id: v.valueId,
      name: pick(v, 'value', lang),
      count: v.count,
    });
    attributes.set(v.attributeId, attribute);
  }
  return {
    prices,
    brands,
    colors: colors.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: pick(c, 'name', lang),
      hex: c.hex,
      count: c.count,
    })),
    filters: [...attributes.values()],
  };
}

export async function getCategoryProducts(
  db: Executor,
  idOrSlug: string,
  query: ProductListQuery,
  lang: Lang,
) {
  const categoryIds = await categorySubtreeIds(db, idOrSlug);
  return listProducts(db, { categoryIds, categoryId: categoryIds[0] }, query, lang);
}

export async function getCategoryFilters(db: Executor, idOrSlug: string, lang: Lang) {
  return filtersOf(db, { categoryIds: await categorySubtreeIds(db, idOrSlug) }, lang);
}

export async function getCategoryBrands(db: Executor, idOrSlug: string) {
  return repo.brandFacets(db, { categoryIds: await categorySubtreeIds(db, idOrSlug) });
}

export async function getCategoryPrices(db: Executor, idOrSlug: string): Promise<PriceRange> {
  return repo.priceRange(db, { categoryIds: await categorySubtreeIds(db, idOrSlug) });
}

export async function listBrands(db: Executor, page: number, perPage: number) {
  const hidden = await listHiddenCategoryIds(db);
  const { rows, total } = await repo.listBrandPage(db, page, perPage, hidden);
  return { data: rows satisfies Brand[], meta: pageMeta(page, perPage, total) };
}

async function brandOrThrow(db: Executor, slug: string) {
  const brand = await repo.findBrand(db, slug);
  if (!brand) throw notFound('BRAND_NOT_FOUND');
  return brand;
}

export async function getBrand(db: Executor, slug: string) {
  const brand = await brandOrThrow(db, slug);
  return { id: brand.id, slug: brand.slug, name: brand.name, logo: brand.logo };
}

export async function getBrandProducts(
  db: Executor,
  slug: string,
  query: ProductListQuery,
  lang: Lang,
) {
  const brand = await brandOrThrow(db, slug);
  return listProducts(db, { brandId: brand.id }, query, lang);
}

export async function getBrandFilters(db: Executor, slug: string, lang: Lang) {
  const brand = await brandOrThrow(db, slug);
  return filtersOf(db, { brandId: brand.id }, lang);
}

export async function listCollections(db: Executor, lang: Lang): Promise<Collection[]> {
  const rows = await repo.listCollections(db, await listHiddenCategoryIds(db));
  return Promise.all(
    rows.map(async (c) => {
      const rule = ruleOf(c.rule);
      return {
        id: c.id,
        slug: c.slug,
        name: pick(c, 'name', lang),
        image: c.image,
        products_count: rule ? (await ruleProductIds(db, rule)).length : c.productsCount,
      };
    }),
  );
}

async function collectionOrThrow(db: Executor, idOrSlug: string) {
  const collection = await repo.findCollection(db, idOrSlug);
  if (!collection) throw notFound('COLLECTION_NOT_FOUND');
  return collection;
}

/** Which products a collection lists: the ones its rule finds, or those chosen by hand. */
async function collectionScope(
  db: Executor,
  collection: { id: number; rule: unknown },
): Promise<repo.ProductScope> {
  const rule = ruleOf(collection.rule);
  return rule ? { productIds: await ruleProductIds(db, rule) } : { collectionId: collection.id };
}

/** SPEC §3: a collection answers `products.data` and `products.meta`. */
export async function getCollectionProducts(
  db: Executor,
  idOrSlug: string,
  query: ProductListQuery,
  lang: Lang,
) {
  const collection = await collectionOrThrow(db, idOrSlug);
  return {
    data: {
      id: collection.id,
      slug: collection.slug,
      name: pick(collection, 'name', lang),
      image: collection.image,
    },
    products: await listProducts(db, await collectionScope(db, collection), query, lang),
  };
}

export async function getCollectionFilters(db: Executor, idOrSlug: string, lang: Lang) {
  const collection = await collectionOrThrow(db, idOrSlug);
  return filtersOf(db, await collectionScope(db, collection), lang);
}

/** Lists behind `/products/{slug}` in the storefront. */
export const PRODUCT_LISTS = ['famous', 'discount'] as const;
export type ProductListSlug = (typeof PRODUCT_LISTS)[number];

const LIST_SCOPES: Record<ProductListSlug, repo.ProductScope> = {
  famous: {},
  discount: { discounted: true },
};

export function getListProducts(
  db: Executor,
  slug: ProductListSlug,
  query: ProductListQuery,
  lang: Lang,
) {
  return listProducts(db, LIST_SCOPES[slug], query, lang);
}

export function getListFilters(db: Executor, slug: ProductListSlug, lang: Lang) {
  return filtersOf(db, LIST_SCOPES[slug], lang);
}

const MIN_SIMILAR = 8;

/**
 * Products like the given one: its own category, or the parent's whole subtree when the
 * category alone holds too few.
 */
async function similarScope(db: Executor, id: number): Promise<repo.ProductScope> {
  const product = await repo.findProductPlacement(db, id, await listHiddenCategoryIds(db));
  if (!product) throw notFound('PRODUCT_NOT_FOUND');
  const narrow = { categoryIds: [product.categoryId], excludeProductId: id };
  if (product.parentId == null || (await repo.countProducts(db, narrow)) >= MIN_SIMILAR) {
    return narrow;
  }
  const categoryIds = await categorySubtreeIds(db, String(product.parentId));
  return { categoryIds, categoryId: categoryIds[0], excludeProductId: id };
}

export async function getSimilarProducts(
  db: Executor,
  id: number,
  query: ProductListQuery,
  lang: Lang,
) {
  return listProducts(db, await similarScope(db, id), query, lang);
}

export async function getSimilarFilters(db: Executor, id: number, lang: Lang) {
  return filtersOf(db, await similarScope(db, id), lang);
}
