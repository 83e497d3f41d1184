import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  productAttributeValues,
  products,
  productTags,
  tags,
  tariffs,
} from '../../db/schema/index.ts';
import { remembered } from './remembered.ts';

export type CategoryRow = typeof categories.$inferSelect;

/** Every category, in position order; kept in memory (remembered.ts), so never change the rows. */
export function listCategories(db: Executor): Promise<readonly CategoryRow[]> {
  return remembered(db, 'categories', () =>
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
  );
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
  images: products.images,
  stock: products.stock,
};

export type ProductSummaryRow = Pick<
  typeof products.$inferSelect,
  keyof typeof productSummaryColumns
> & {
  /** The product's tags when the query read them with the rows (`tagsColumn`). */
  tags?: Omit<TagRow, 'productId'>[];
};

/**
 * A product's tags as one JSON column, so a list reads its rows and their tags at once. The
 * outer row's id is named with its table: a select from one table writes its columns bare, and
 * a bare "id" inside the subquery would be the tag's.
 */
export const tagsColumn = sql<
  Omit<TagRow, 'productId'>[]
>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'nameUz', ${tags.nameUz}, 'nameRu', ${tags.nameRu}, 'color', ${tags.color}) order by ${tags.id}) from ${productTags} inner join ${tags} on ${tags.id} = ${productTags.tagId} where ${productTags.productId} = ${products}.${sql.identifier(products.id.name)}), '[]'::json)`;

export function listFamousProducts(db: Executor, limit: number): Promise<ProductSummaryRow[]> {
  return db
    .select({ ...productSummaryColumns, tags: tagsColumn })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
}

export async function findProduct(db: Executor, idOrSlug: string) {
  const where = /^\d+$/.test(idOrSlug)
    ? eq(products.id, Number(idOrSlug))
    : eq(products.slug, idOrSlug);
  const [row] = await db
    .select({
      ...productSummaryColumns,
      code: products.code,
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
    .where(and(where, eq(products.isActive, true)))
    .limit(1);
  return row;
}

export type TagRow = {
  productId: number;
  id: number;
  nameUz: string;
  nameRu: string;
  color: string;
};

/** Tags of many products in one query, so a list never costs a query per product. */
export function listTagsOf(db: Executor, productIds: number[]): Promise<TagRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      productId: productTags.productId,
      id: tags.id,
      nameUz: tags.nameUz,
      nameRu: tags.nameRu,
      color: tags.color,
    })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tagId))
    .where(inArray(productTags.productId, productIds))
    .orderBy(asc(tags.id));
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
