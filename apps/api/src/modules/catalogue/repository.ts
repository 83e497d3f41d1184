import type { SizeClass } from '@bozor/shared';
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  customers,
  productAttributeValues,
  productReviews,
  products,
  productTags,
  tags,
  tariffs,
} from '../../db/schema/index.ts';
import { remembered } from './remembered.ts';

export type CategoryRow = typeof categories.$inferSelect;

/** Every category, shown or hidden, in position order; kept in memory (remembered.ts). */
function listAllCategories(db: Executor): Promise<readonly CategoryRow[]> {
  return remembered(db, 'categories', () =>
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
  );
}

interface ShownCategories {
  shown: readonly CategoryRow[];
  /** Every hidden category and every category under one, so lists can leave their products out. */
  hidden: number[];
}

/**
 * The categories the shop shows and those it does not: a category is shown when it and every
 * category above it are active, so hiding one takes everything under it out of the shop. Kept in
 * memory (remembered.ts), so never change the rows.
 */
export function listShownCategories(db: Executor): Promise<ShownCategories> {
  return remembered(db, 'shown-categories', async () => {
    const rows = await listAllCategories(db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const isShown = (row: CategoryRow): boolean => {
      for (let r: CategoryRow | undefined = row; r; r = byId.get(r.parentId ?? 0)) {
        if (!r.isActive) return false;
      }
      return true;
    };
    const shown = rows.filter(isShown);
    const shownIds = new Set(shown.map((r) => r.id));
    return { shown, hidden: rows.filter((r) => !shownIds.has(r.id)).map((r) => r.id) };
  });
}

/** The categories the shop shows, in position order (`listShownCategories`). */
export async function listCategories(db: Executor): Promise<readonly CategoryRow[]> {
  return (await listShownCategories(db)).shown;
}

/** Every hidden category and every category under one. */
export async function listHiddenCategoryIds(db: Executor): Promise<number[]> {
  return (await listShownCategories(db)).hidden;
}

/** Products filed in a shown category (`hidden` from `listHiddenCategoryIds`). */
export function inShownCategory(hidden: readonly number[]): SQL | undefined {
  return hidden.length > 0 ? notInArray(products.categoryId, [...hidden]) : undefined;
}

export async function findCategory(
  db: Executor,
  idOrSlug: string,
): Promise<CategoryRow | undefined> {
  const where = /^\d+$/.test(idOrSlug)
    ? eq(categories.id, Number(idOrSlug))
    : eq(categories.slug, idOrSlug);
  const [row] = await db.select().from(categories).where(where).limit(1);
  return row;
}

export interface TariffRow {
  id: number;
  months: number;
  markupPercent: number;
}

/** The tariffs on offer, shortest first; kept in memory (remembered.ts), so never change the rows. */
export function listActiveTariffs(db: Executor): Promise<readonly TariffRow[]> {
  return remembered(db, 'tariffs', () =>
    db
      .select({ id: tariffs.id, months: tariffs.months, markupPercent: tariffs.markupPercent })
      .from(tariffs)
      .where(eq(tariffs.isActive, true))
      .orderBy(asc(tariffs.months)),
  );
}

/** The columns of `products` a product card needs (see `summaries.ts`). */
export const productSummaryColumns = {
  id: products.id,
  slug: products.slug,
  nameUz: products.nameUz,
  nameRu: products.nameRu,
  price: products.price,
  oldPrice: products.oldPrice,
  // as JSON, which the drivers read with JSON.parse; an array's own text form is parsed in
  // JavaScript, character by character, and took a twentieth of a list's time in the API
  images: sql<string[]>`to_json(${products.images})`,
  stock: products.stock,
  rating: products.rating,
  ratingCount: products.ratingCount,
};

export type ProductSummaryRow = Pick<
  typeof products.$inferSelect,
  keyof typeof productSummaryColumns
> & {
  /** The ids of the product's tags when the query read them with the rows (`tagIdsColumn`). */
  tagIds?: number[];
};

/**
 * The ids of a product's tags, in id order, so a list reads its rows and their tags at once; the
 * tags themselves are few and kept in memory (`listTags`). Building each card's tags as JSON in
 * the database took two fifths of a category page's time there. The outer row's id is named with
 * its table: a select from one table writes its columns bare, and a bare "id" inside the subquery
 * would not be the product's.
 */
export const tagIdsColumn = sql<
  number[]
>`array(select ${productTags.tagId} from ${productTags} where ${productTags.productId} = ${products}.${sql.identifier(products.id.name)} order by 1)`;

export async function listFamousProducts(
  db: Executor,
  limit: number,
): Promise<ProductSummaryRow[]> {
  const hidden = await listHiddenCategoryIds(db);
  return db
    .select({ ...productSummaryColumns, tagIds: tagIdsColumn })
    .from(products)
    .where(and(eq(products.isActive, true), inShownCategory(hidden)))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
}

/** The products among `ids` on sale, as cards show them. */
export function listProductsByIds(
  db: Executor,
  ids: number[],
): Promise<(ProductSummaryRow & { sizeClass: SizeClass })[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ ...productSummaryColumns, tagIds: tagIdsColumn, sizeClass: products.sizeClass })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
}

/** A product on sale in a shown category: a product of a hidden category is not in the shop. */
export async function findProduct(db: Executor, idOrSlug: string) {
  const hidden = await listHiddenCategoryIds(db);
  const where = /^\d+$/.test(idOrSlug)
    ? eq(products.id, Number(idOrSlug))
    : eq(products.slug, idOrSlug);
  const [row] = await db
    .select({
      ...productSummaryColumns,
      code: products.code,
      sizeClass: products.sizeClass,
      descriptionUz: products.descriptionUz,
      descriptionRu: products.descriptionRu,
      brand: { id: brands.id, slug: brands.slug, name: brands.name },
      category: {
        id: categories.id,
        slug: categories.slug,
        nameUz: categories.nameUz,
        nameRu: categories.nameRu,
      },
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(where, eq(products.isActive, true), inShownCategory(hidden)))
    .limit(1);
  return row;
}

/**
 * A product's newest published reviews with their authors' phones (masked before they are shown),
 * for the product's own answer and its JSON-LD.
 */
export function listLatestReviews(db: Executor, productId: number, limit: number) {
  return db
    .select({
      id: productReviews.id,
      phone: customers.phone,
      rating: productReviews.rating,
      pros: productReviews.pros,
      cons: productReviews.cons,
      comment: productReviews.comment,
      photos: productReviews.photos,
      helpfulCount: productReviews.helpfulCount,
      createdAt: productReviews.createdAt,
      answer: productReviews.answer,
      answeredAt: productReviews.answeredAt,
    })
    .from(productReviews)
    .innerJoin(customers, eq(customers.id, productReviews.customerId))
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'published')))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit);
}

export type TagRow = typeof tags.$inferSelect;

/** Every tag, by id; kept in memory (remembered.ts), so never change the rows. */
export function listTags(db: Executor): Promise<ReadonlyMap<number, TagRow>> {
  return remembered(db, 'tags', async () => {
    const rows = await db.select().from(tags).orderBy(asc(tags.id));
    return new Map(rows.map((row) => [row.id, row]));
  });
}

/** The tag ids of many products in one query, so a list never costs a query per product. */
export function listTagIdsOf(
  db: Executor,
  productIds: number[],
): Promise<{ productId: number; tagId: number }[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({ productId: productTags.productId, tagId: productTags.tagId })
    .from(productTags)
    .where(inArray(productTags.productId, productIds))
    .orderBy(asc(productTags.tagId));
}

export function listOptionsOf(db: Executor, productId: number) {
  return db
    .select({
      nameUz: attributes.nameUz,
      nameRu: attributes.nameRu,
      valueUz: attributeValues.valueUz,
      valueRu: attributeValues.valueRu,
    })
    .from(productAttributeValues)
    .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.valueId))
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(eq(productAttributeValues.productId, productId))
    .orderBy(asc(attributes.id), asc(attributeValues.position));
}
