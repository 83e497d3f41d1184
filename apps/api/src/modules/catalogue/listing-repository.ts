import { and, asc, desc, eq, gt, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  categoryCounts,
  collectionProducts,
  collections,
  colors,
  productAttributeValues,
  products,
} from '../../db/schema/index.ts';
import { remembered } from './remembered.ts';
import {
  inShownCategory,
  type ProductSummaryRow,
  productSummaryColumns,
  tagIdsColumn,
} from './repository.ts';

/** Which products a list is about; every field narrows it. */
export interface ProductScope {
  categoryIds?: number[];
  /**
   * The category whose whole subtree `categoryIds` is: its list is read from the category's
   * listings (migration 0015) instead of the products' own indexes.
   */
  categoryId?: number;
  brandId?: number;
  collectionId?: number;
  /** Only products sold below their old price. */
  discounted?: boolean;
  excludeProductId?: number;
  /** A `to_tsquery('simple', …)` text over the search form of the names. */
  search?: string;
  /** Only these products (a collection by rule's); none when empty. */
  productIds?: number[];
  /** Categories the shop does not show (hidden, or under a hidden one): their products are left out. */
  hiddenCategoryIds?: number[];
}

export interface ResolvedFilters {
  priceFrom?: number | undefined;
  priceTo?: number | undefined;
  /** Only products whose reviews average at least this many stars. */
  ratingFrom?: number | undefined;
  brandIds?: number[] | undefined;
  colorIds?: number[] | undefined;
  /** Attribute value ids grouped by attribute: OR inside a group, AND across groups. */
  valueGroups?: number[][] | undefined;
}

export type SortKey = 'famous' | 'cheap' | 'expensive' | 'discount' | 'rating';

const intCount = sql<number>`cast(count(*) as int)`.mapWith(Number);

function scopeWhere(scope: ProductScope): SQL[] {
  const where: SQL[] = [eq(products.isActive, true)];
  if (scope.categoryIds) where.push(inArray(products.categoryId, scope.categoryIds));
  if (scope.brandId != null) where.push(eq(products.brandId, scope.brandId));
  if (scope.collectionId != null) {
    where.push(
      sql`exists (select 1 from ${collectionProducts} where ${collectionProducts.productId} = ${products.id} and ${collectionProducts.collectionId} = ${scope.collectionId})`,
    );
  }
  if (scope.discounted) where.push(gt(products.oldPrice, products.price));
  if (scope.excludeProductId != null) where.push(ne(products.id, scope.excludeProductId));
  if (scope.search != null) {
    where.push(sql`${products.searchVector} @@ to_tsquery('simple', ${scope.search})`);
  }
  if (scope.productIds) {
    where.push(scope.productIds.length > 0 ? inArray(products.id, scope.productIds) : sql`false`);
  }
  if (scope.hiddenCategoryIds?.length) {
    where.push(notInArray(products.categoryId, scope.hiddenCategoryIds));
  }
  return where;
}

const ORDER: Record<SortKey, SQL[]> = {
  famous: [desc(products.popularity), asc(products.id)],
  cheap: [asc(products.price), asc(products.id)],
  expensive: [desc(products.price), asc(products.id)],
  discount: [
    desc(
      sql`case when ${products.oldPrice} > ${products.price} then (${products.oldPrice} - ${products.price})::float8 / ${products.oldPrice} else 0 end`,
    ),
    desc(products.popularity),
    asc(products.id),
  ],
  rating: [desc(products.rating), desc(products.popularity), asc(products.id)],
};

/** A list of whole categories with no filter: its total is the sum of their kept counts. */
function isWholeCategories(scope: ProductScope, filters: ResolvedFilters): boolean {
  return (
    scope.categoryIds !== undefined &&
    scope.brandId == null &&
    scope.collectionId == null &&
    !scope.discounted &&
    scope.excludeProductId == null &&
    scope.search == null &&
    scope.productIds == null &&
    filters.priceFrom == null &&
    filters.priceTo == null &&
    filters.ratingFrom == null &&
    !filters.brandIds?.length &&
    !filters.colorIds?.length &&
    !filters.valueGroups?.length
  );
}

/**
 * The values a list's statement is run with, by placeholder name. Its shape (which of them it
 * has, and the sort) picks the statement (`statementsFor`).
 */
type PageValues = Record<string, number | string | number[]>;

function pageValues(
  scope: ProductScope,
  filters: ResolvedFilters,
  page: { limit: number; offset: number },
): PageValues {
  const values: PageValues = { ...page };
  if (scope.categoryIds) values.categoryIds = scope.categoryIds;
  if (scope.categoryId != null) values.categoryId = scope.categoryId;
  if (scope.brandId != null) values.brandId = scope.brandId;
  if (scope.collectionId != null) values.collectionId = scope.collectionId;
  if (scope.excludeProductId != null) values.excludeProductId = scope.excludeProductId;
  if (scope.search != null) values.search = scope.search;
  if (scope.productIds) values.productIds = scope.productIds;
  if (scope.hiddenCategoryIds?.length) values.hiddenCategoryIds = scope.hiddenCategoryIds;
  if (filters.priceFrom != null) values.priceFrom = filters.priceFrom;
  if (filters.priceTo != null) values.priceTo = filters.priceTo;
  if (filters.ratingFrom != null) values.ratingFrom = filters.ratingFrom;
  if (filters.brandIds?.length) values.brandIds = filters.brandIds;
  if (filters.colorIds?.length) values.colorIds = filters.colorIds;
  for (const [i, group] of (filters.valueGroups ?? []).entries()) values[`values${i}`] = group;
  return values;
}

const placeholder = (name: string) => sql.placeholder(name);
/** `column = any($n)`: one placeholder for a list of any length, so one statement serves all. */
const anyOf = (column: AnyPgColumn | SQL, name: string) =>
  sql`${column} = any(${placeholder(name)}::int[])`;

/** The columns a list's conditions read: the products' own, or a category's listings `l`. */
interface ListSource {
  /** The conditions every list of the source has. */
  base: SQL[];
  productId: SQL;
  brandId: SQL;
  colorId: SQL;
  price: SQL;
  rating: SQL;
  discounted: SQL;
}

/** The products' own columns, named with their table where a subquery refers to them. */
const PRODUCTS_SOURCE: ListSource = {
  base: [eq(products.isActive, true)],
  productId: sql`${products}.${sql.identifier(products.id.name)}`,
  brandId: sql`${products.brandId}`,
  colorId: sql`${products.colorId}`,
  price: sql`${products.price}`,
  rating: sql`${products.rating}`,
  discounted: gt(products.oldPrice, products.price),
};

/** A category's listings (migration 0015): only its active products, already. */
const LISTINGS_SOURCE: ListSource = {
  base: [sql`l.category_id = ${placeholder('categoryId')}`],
  productId: sql`l.product_id`,
  brandId: sql`l.brand_id`,
  colorId: sql`l.color_id`,
  price: sql`l.price`,
  rating: sql`l.rating`,
  discounted: sql`l.discount > 0`,
};

/** The conditions of a list with `values` over `source`, written with placeholders. */
function placeholderWhere(values: PageValues, discounted: boolean, source: ListSource): SQL {
  const has = (name: string) => values[name] !== undefined;
  const where: SQL[] = [...source.base];
  if (source === PRODUCTS_SOURCE && has('categoryIds')) {
    where.push(anyOf(products.categoryId, 'categoryIds'));
  }
  if (has('brandId')) where.push(sql`${source.brandId} = ${placeholder('brandId')}`);
  if (has('collectionId')) {
    where.push(
      sql`exists (select 1 from ${collectionProducts} where ${collectionProducts.productId} = ${source.productId} and ${collectionProducts.collectionId} = ${placeholder('collectionId')})`,
    );
  }
  if (discounted) where.push(source.discounted);
  if (has('excludeProductId')) {
    where.push(sql`${source.productId} <> ${placeholder('excludeProductId')}`);
  }
  if (has('search')) {
    const matches = sql`${products.searchVector} @@ to_tsquery('simple', ${placeholder('search')}::text)`;
    where.push(
      source === PRODUCTS_SOURCE
        ? matches
        : sql`exists (select 1 from ${products} where ${PRODUCTS_SOURCE.productId} = ${source.productId} and ${matches})`,
    );
  }
  if (has('productIds')) where.push(anyOf(source.productId, 'productIds'));
  if (has('hiddenCategoryIds')) {
    const hidden = sql`${products.categoryId} = any(${placeholder('hiddenCategoryIds')}::int[])`;
    where.push(
      source === PRODUCTS_SOURCE
        ? sql`not (${hidden})`
        : sql`not exists (select 1 from ${products} where ${PRODUCTS_SOURCE.productId} = ${source.productId} and ${hidden})`,
    );
  }
  if (has('priceFrom')) where.push(sql`${source.price} >= ${placeholder('priceFrom')}`);
  if (has('priceTo')) where.push(sql`${source.price} <= ${placeholder('priceTo')}`);
  if (has('ratingFrom')) {
    where.push(sql`${source.rating} >= ${placeholder('ratingFrom')}::float8`);
  }
  if (has('brandIds')) where.push(anyOf(source.brandId, 'brandIds'));
  if (has('colorIds')) where.push(anyOf(source.colorId, 'colorIds'));
  for (let i = 0; has(`values${i}`); i++) {
    where.push(
      sql`exists (select 1 from ${productAttributeValues} where ${productAttributeValues.productId} = ${source.productId} and ${anyOf(productAttributeValues.valueId, `values${i}`)})`,
    );
  }
  return sql.join(where, sql` and `);
}

/** The listings' own orders, the same as `ORDER` over the products' columns. */
const LISTING_ORDER: Record<SortKey, SQL> = {
  famous: sql`l.popularity desc, l.product_id`,
  cheap: sql`l.price, l.product_id`,
  expensive: sql`l.price desc, l.product_id`,
  discount: sql`l.discount desc, l.popularity desc, l.product_id`,
  rating: sql`l.rating desc, l.popularity desc, l.product_id`,
};

/**
 * Builds the two statements of one shape of list: a page of rows with the list's total beside
 * them, and the total alone for a page past the end. The page's ids come from walking an index in
 * the sort's order, which holds the filters' columns so the table is not read: a category's
 * listings (migration 0015) for a category's list, the products' own indexes (migration 0013)
 * for the others. Then only those rows are read, with their tags and the total.
 */
function buildPageStatements(
  db: Executor,
  values: PageValues,
  options: { sort: SortKey; discounted: boolean; wholeCategories: boolean; name: string },
) {
  const listed = values.categoryId !== undefined;
  const where = placeholderWhere(
    values,
    options.discounted,
    listed ? LISTINGS_SOURCE : PRODUCTS_SOURCE,
  );
  const counted = listed
    ? sql<number>`(select cast(count(*) as int) from category_listings l where ${where})`
    : sql<number>`(select cast(count(*) as int) from ${products} where ${where})`;
  const total = (
    options.wholeCategories
      ? sql<number>`(select cast(coalesce(sum(${categoryCounts.activeProducts}), 0) as int) from ${categoryCounts} where ${anyOf(categoryCounts.categoryId, 'categoryIds')})`
      : counted
  ).mapWith(Number);
  const page = { limit: placeholder('limit'), offset: placeholder('offset') };
  const pageIds = listed
    ? sql`(select l.product_id from category_listings l where ${where} order by ${LISTING_ORDER[options.sort]} limit ${page.limit} offset ${page.offset})`
    : db
        .select({ id: products.id })
        .from(products)
        .where(where)
        .orderBy(...ORDER[options.sort])
        .limit(page.limit)
        .offset(page.offset);
  return {
    page: db
      .select({ ...productSummaryColumns, tagIds: tagIdsColumn, total })
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...ORDER[options.sort])
      .prepare(options.name && `${options.name}_page`),
    total: db
      .select({ total })
      .from(sql`(select 1) as one`)
      .prepare(options.name && `${options.name}_total`),
  };
}

type PageStatements = ReturnType<typeof buildPageStatements>;

/**
 * Each database's list statements by shape. A list is the shop's busiest read: its statement is
 * written once per shape. A category's (read from its listings) is also named, so on PostgreSQL
 * each connection parses and plans it once and from then on only binds the values (see the pool's
 * `plan_cache_mode` in db/client.ts); the others' plans depend on their values (a brand's size,
 * a collection's), so they stay unnamed and are planned for each.
 */
const statements = new WeakMap<Executor, Map<string, PageStatements>>();
/** Names of prepared statements are per connection; a process's are numbered in one series. */
let statementCount = 0;

function statementsFor(
  db: Executor,
  values: PageValues,
  options: { sort: SortKey; discounted: boolean; wholeCategories: boolean },
): PageStatements {
  const shape = [
    options.sort,
    options.discounted ? 'discounted' : '',
    options.wholeCategories ? 'whole' : '',
    ...Object.keys(values).sort(),
  ].join(' ');
  let known = statements.get(db);
  if (!known) {
    known = new Map();
    statements.set(db, known);
  }
  let found = known.get(shape);
  if (!found) {
    statementCount += 1;
    const name = values.categoryId === undefined ? '' : `category_list_${statementCount}`;
    found = buildPageStatements(db, values, { ...options, name });
    known.set(shape, found);
  }
  return found;
}

/** One page of a list and its total, in one statement. */
export async function listProductPage(
  db: Executor,
  scope: ProductScope,
  filters: ResolvedFilters,
  options: { sort: SortKey; page: number; perPage: number },
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const values = pageValues(scope, filters, {
    limit: options.perPage,
    offset: (options.page - 1) * options.perPage,
  });
  const run = statementsFor(db, values, {
    sort: options.sort,
    discounted: scope.discounted === true,
    wholeCategories: isWholeCategories(scope, filters),
  });
  const rows = await run.page.execute(values);
  if (rows.length > 0) return { rows, total: rows[0]?.total ?? 0 };
  // a page past the end (or an empty list) has no row to carry the total
  const [counted] = await run.total.execute(values);
  return { rows, total: counted?.total ?? 0 };
}

export async function priceRange(db: Executor, scope: ProductScope) {
  const [row] = await db
    .select({
      min: sql<number>`coalesce(min(${products.price}), 0)`.mapWith(Number),
      max: sql<number>`coalesce(max(${products.price}), 0)`.mapWith(Number),
    })
    .from(products)
    .where(and(...scopeWhere(scope)));
  return row ?? { min: 0, max: 0 };
}

export function brandFacets(db: Executor, scope: ProductScope) {
  return db
    .select({
      id: brands.id,
      slug: brands.slug,
      name: brands.name,
      logo: brands.logo,
      count: intCount,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(...scopeWhere(scope)))
    .groupBy(brands.id)
    .orderBy(desc(intCount), asc(brands.name));
}

export function colorFacets(db: Executor, scope: ProductScope) {
  return db
    .select({
      id: colors.id,
      slug: colors.slug,
      nameUz: colors.nameUz,
      nameRu: colors.nameRu,
      hex: colors.hex,
      count: intCount,
    })
    .from(products)
    .innerJoin(colors, eq(colors.id, products.colorId))
    .where(and(...scopeWhere(scope)))
    .groupBy(colors.id)
    .orderBy(desc(intCount), asc(colors.id));
}

export function attributeFacets(db: Executor, scope: ProductScope) {
  return db
    .select({
      attributeId: attributes.id,
      attributeSlug: attributes.slug,
      attributeNameUz: attributes.nameUz,
      attributeNameRu: attributes.nameRu,
      valueId: attributeValues.id,
      valueUz: attributeValues.valueUz,
      valueRu: attributeValues.valueRu,
      count: intCount,
    })
    .from(products)
    .innerJoin(productAttributeValues, eq(productAttributeValues.productId, products.id))
    .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.valueId))
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(and(...scopeWhere(scope)))
    .groupBy(attributes.id, attributeValues.id)
    .orderBy(asc(attributes.id), asc(attributeValues.position), asc(attributeValues.id));
}

/** What a list's filters name, by what the query says: brands' and colours' slugs, value ids. */
export interface FilterNames {
  brands: ReadonlyMap<string, number>;
  colors: ReadonlyMap<string, number>;
  /** Attribute value id → its attribute's id. */
  values: ReadonlyMap<number, number>;
}

/**
 * Every brand, colour and attribute value a list can be filtered by (a few hundred rows); kept in
 * memory (remembered.ts), so a filtered page costs no query beyond its own.
 */
export function listFilterNames(db: Executor): Promise<FilterNames> {
  return remembered(db, 'filter-names', async () => {
    const [brandRows, colorRows, valueRows] = await Promise.all([
      db.select({ id: brands.id, slug: brands.slug }).from(brands),
      db.select({ id: colors.id, slug: colors.slug }).from(colors),
      db
        .select({ id: attributeValues.id, attributeId: attributeValues.attributeId })
        .from(attributeValues),
    ]);
    return {
      brands: new Map(brandRows.map((b) => [b.slug, b.id])),
      colors: new Map(colorRows.map((c) => [c.slug, c.id])),
      values: new Map(valueRows.map((v) => [v.id, v.attributeId])),
    };
  });
}

export async function findBrand(db: Executor, slug: string) {
  const [row] = await db.select().from(brands).where(eq(brands.slug, slug)).limit(1);
  return row;
}

export async function listBrandPage(
  db: Executor,
  page: number,
  perPage: number,
  hiddenCategoryIds: number[],
) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: brands.id,
        slug: brands.slug,
        name: brands.name,
        logo: brands.logo,
        products_count: sql<number>`cast(count(${products.id}) as int)`.mapWith(Number),
      })
      .from(brands)
      .leftJoin(
        products,
        and(
          eq(products.brandId, brands.id),
          eq(products.isActive, true),
          inShownCategory(hiddenCategoryIds),
        ),
      )
      .groupBy(brands.id)
      .orderBy(asc(brands.name), asc(brands.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: intCount }).from(brands),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findCollection(db: Executor, idOrSlug: string) {
  const [row] = await db
    .select()
    .from(collections)
    .where(
      and(
        eq(collections.isActive, true),
        /^\d+$/.test(idOrSlug)
          ? eq(collections.id, Number(idOrSlug))
          : eq(collections.slug, idOrSlug),
      ),
    )
    .limit(1);
  return row;
}

/** The shown collections with how many shown products each holds by hand (none by rule). */
export function listCollections(db: Executor, hiddenCategoryIds: number[]) {
  return db
    .select({
      id: collections.id,
      slug: collections.slug,
      nameUz: collections.nameUz,
      nameRu: collections.nameRu,
      image: collections.image,
      rule: collections.rule,
      productsCount: sql<number>`cast(count(${products.id}) as int)`.mapWith(Number),
    })
    .from(collections)
    .leftJoin(collectionProducts, eq(collectionProducts.collectionId, collections.id))
    .leftJoin(
      products,
      and(
        eq(products.id, collectionProducts.productId),
        eq(products.isActive, true),
        inShownCategory(hiddenCategoryIds),
      ),
    )
    .where(eq(collections.isActive, true))
    .groupBy(collections.id)
    .orderBy(asc(collections.position), asc(collections.id));
}

export async function findProductPlacement(db: Executor, id: number, hiddenCategoryIds: number[]) {
  const [row] = await db
    .select({ id: products.id, categoryId: products.categoryId, parentId: categories.parentId })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(eq(products.id, id), eq(products.isActive, true), inShownCategory(hiddenCategoryIds)),
    )
    .limit(1);
  return row;
}

export async function countProducts(db: Executor, scope: ProductScope): Promise<number> {
  const [row] = await db
    .select({ total: intCount })
    .from(products)
    .where(and(...scopeWhere(scope)));
  return row?.total ?? 0;
}
