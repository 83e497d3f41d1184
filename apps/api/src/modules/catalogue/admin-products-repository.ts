/**
 * The back office's reads and writes of products: the grid's query, one product with its links,
 * the references a product names, its unique columns, and the bulk actions' row writes. The rules
 * (what may be saved, the fiscal code, the audit) are admin-products.ts's.
 */
import {
  type AdminProductsQuery,
  type InheritedFiscalCode,
  inheritFiscalCode,
  type ProductCategoryOption,
  type ProductInput,
  searchTokens,
  slugOf,
} from '@bozor/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  like,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  collectionProducts,
  collections,
  colors,
  productAttributeValues,
  products,
  productTags,
  tags,
} from '../../db/schema/index.ts';
import { readTogether } from '../../db/transaction.ts';

type CategoryRow = typeof categories.$inferSelect;

/** The category tree read once per request: hidden branches and what lies under a category. */
export class CategoryTree {
  private readonly byId: Map<number, CategoryRow>;
  private readonly children = new Map<number | null, CategoryRow[]>();

  constructor(rows: CategoryRow[]) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      const list = this.children.get(row.parentId) ?? [];
      list.push(row);
      this.children.set(row.parentId, list);
    }
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  /** Shown in the shop: the category and every one above it are switched on. */
  shown(id: number): boolean {
    for (let row = this.byId.get(id), depth = 0; row && depth < 10; depth += 1) {
      if (!row.isActive) return false;
      row = row.parentId === null ? undefined : this.byId.get(row.parentId);
    }
    return true;
  }

  /** What a product filed under the category inherits: its code, else the nearest one's above. */
  fiscalOf(id: number): InheritedFiscalCode {
    const chain: CategoryRow[] = [];
    for (let row = this.byId.get(id); row && chain.length < 10; ) {
      chain.push(row);
      row = row.parentId === null ? undefined : this.byId.get(row.parentId);
    }
    return inheritFiscalCode(chain);
  }

  /** The category and every category under it. */
  subtree(id: number): number[] {
    const out: number[] = [];
    const walk = (current: number) => {
      out.push(current);
      for (const child of this.children.get(current) ?? []) walk(child.id);
    };
    if (this.byId.has(id)) walk(id);
    return out;
  }

  /** Depth first, each level in position order. */
  ordered(): ProductCategoryOption[] {
    const out: ProductCategoryOption[] = [];
    const walk = (parent: number | null, depth: number) => {
      for (const row of this.children.get(parent) ?? []) {
        out.push({
          id: row.id,
          parent_id: row.parentId,
          name_uz: row.nameUz,
          name_ru: row.nameRu,
          depth,
          is_active: row.isActive,
          fiscal: this.fiscalOf(row.id),
        });
        if (depth < 10) walk(row.id, depth + 1);
      }
    };
    walk(null, 0);
    return out;
  }
}

export async function readTree(db: Executor): Promise<CategoryTree> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  return new CategoryTree(rows);
}

/** `%`, `_` and the escape character stand for themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * A query finds names in either script, as the shop's search does (both sides folded by
 * `bozor_latin`, so "самсунг" finds Samsung), a SKU by its beginning, or `#id`.
 */
function searchCondition(q: string): SQL {
  const byId = /^#(\d{1,10})$/.exec(q);
  if (byId) return eq(products.id, Math.min(Number(byId[1]), 2_147_483_647));
  const code = sql`lower(${products.code}) like ${`${escapeLike(q.toLowerCase())}%`}`;
  const tokens = searchTokens(q);
  if (tokens.length === 0) return code;
  const name = and(...tokens.map((token) => like(products.searchText, `%${token}%`)));
  return or(name, code) as SQL;
}

const SORTS: Record<AdminProductsQuery['sort'], SQL[]> = {
  new: [desc(products.createdAt), desc(products.id)],
  old: [asc(products.createdAt), asc(products.id)],
  name: [asc(products.nameUz), asc(products.id)],
  price_asc: [asc(products.price), asc(products.id)],
  price_desc: [desc(products.price), desc(products.id)],
  stock_asc: [asc(products.stock), asc(products.id)],
  stock_desc: [desc(products.stock), desc(products.id)],
};

/** The grid's conditions: a search, a category with what is under it, brand, stock, price. */
export function adminProductsWhere(query: AdminProductsQuery, tree: CategoryTree): SQL | undefined {
  const where: SQL[] = [];
  if (query.q) where.push(searchCondition(query.q));
  if (query.category_id !== undefined) {
    const ids = tree.subtree(query.category_id);
    where.push(ids.length > 0 ? inArray(products.categoryId, ids) : sql`false`);
  }
  if (query.brand_id !== undefined) where.push(eq(products.brandId, query.brand_id));
  if (query.in_stock === 'yes') where.push(sql`${products.stock} > 0`);
  if (query.in_stock === 'no') where.push(eq(products.stock, 0));
  if (query.hidden === 'yes') where.push(eq(products.isActive, false));
  if (query.hidden === 'no') where.push(eq(products.isActive, true));
  if (query.price_min !== undefined) where.push(gte(products.price, query.price_min));
  if (query.price_max !== undefined) where.push(lte(products.price, query.price_max));
  return where.length > 0 ? and(...where) : undefined;
}

/** One page of the grid in the query's order, and how many products the conditions find. */
export async function selectAdminProducts(
  db: Executor,
  condition: SQL | undefined,
  query: Pick<AdminProductsQuery, 'sort' | 'page' | 'per_page'>,
) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        code: products.code,
        nameUz: products.nameUz,
        nameRu: products.nameRu,
        image: sql<string | null>`${products.images}[1]`,
        price: products.price,
        oldPrice: products.oldPrice,
        stock: products.stock,
        isActive: products.isActive,
        createdAt: products.createdAt,
        category: { id: categories.id, nameUz: categories.nameUz, nameRu: categories.nameRu },
        brandId: brands.id,
        brandName: brands.name,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(condition)
      .orderBy(...SORTS[query.sort])
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(products).where(condition),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findProduct(db: Executor, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** A product's tags, attribute values and hand-picked collections, each in id order. */
export async function readProductLinks(db: Executor, id: number) {
  const [tagRows, valueRows, collectionRows] = await readTogether(db, [
    () =>
      db
        .select({ id: productTags.tagId })
        .from(productTags)
        .where(eq(productTags.productId, id))
        .orderBy(asc(productTags.tagId)),
    () =>
      db
        .select({ id: productAttributeValues.valueId })
        .from(productAttributeValues)
        .where(eq(productAttributeValues.productId, id))
        .orderBy(asc(productAttributeValues.valueId)),
    () =>
      db
        .select({ id: collectionProducts.collectionId })
        .from(collectionProducts)
        .where(eq(collectionProducts.productId, id))
        .orderBy(asc(collectionProducts.collectionId)),
  ]);
  return {
    tagIds: tagRows.map((r) => r.id),
    valueIds: valueRows.map((r) => r.id),
    collectionIds: collectionRows.map((r) => r.id),
  };
}

/** The ids among `wanted` that `existing` does not hold. */
async function missingIds(wanted: number[], existing: () => Promise<{ id: number }[]>) {
  if (wanted.length === 0) return [];
  const found = new Set((await existing()).map((r) => r.id));
  return wanted.filter((id) => !found.has(id));
}

/**
 * Which of the rows a product names do not exist. One query after another: the transaction's
 * connection runs one at a time.
 */
export async function missingReferences(tx: Executor, input: ProductInput) {
  const unique = (list: number[]) => [...new Set(list)];
  const category = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.category_id));
  const brand =
    input.brand_id === null
      ? [{ id: 0 }]
      : await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id));
  const color =
    input.color_id === null
      ? [{ id: 0 }]
      : await tx.select({ id: colors.id }).from(colors).where(eq(colors.id, input.color_id));
  const tagMisses = await missingIds(unique(input.tag_ids), () =>
    tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, input.tag_ids)),
  );
  const valueMisses = await missingIds(unique(input.attribute_value_ids), () =>
    tx
      .select({ id: attributeValues.id })
      .from(attributeValues)
      .where(inArray(attributeValues.id, input.attribute_value_ids)),
  );
  // a collection by rule picks its products itself: only hand-picked ones take a product
  const collectionMisses = await missingIds(unique(input.collection_ids), () =>
    tx
      .select({ id: collections.id })
      .from(collections)
      .where(and(inArray(collections.id, input.collection_ids), isNull(collections.rule))),
  );
  return {
    category: category.length === 0,
    brand: brand.length === 0,
    color: color.length === 0,
    tags: tagMisses.length > 0,
    values: valueMisses.length > 0,
    collections: collectionMisses.length > 0,
  };
}

/** Another product holding the same value of a unique column, or false. */
export async function takenBy(
  tx: Executor,
  column: typeof products.code | typeof products.slug,
  value: string,
  self: number | undefined,
): Promise<boolean> {
  const where =
    self === undefined ? eq(column, value) : and(eq(column, value), ne(products.id, self));
  const [row] = await tx.select({ id: products.id }).from(products).where(where).limit(1);
  return row !== undefined;
}

/** The name's slug, or it with the first free number after it (`-2`, `-3`, …). */
export async function freeSlug(tx: Executor, name: string): Promise<string> {
  const base = slugOf(name) || 'product';
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), like(products.slug, `${escapeLike(base)}-%`)));
  const used = new Set(rows.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export type ProductValues = typeof products.$inferInsert;

/** Writes a new product; answers its id. */
export async function insertProduct(tx: Executor, values: ProductValues): Promise<number> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(tx: Executor, id: number, values: ProductValues) {
  await tx.update(products).set(values).where(eq(products.id, id));
}

/** Replaces the product's tags, attribute values and hand-picked collections with the input's. */
export async function writeLinks(tx: Executor, id: number, input: ProductInput): Promise<void> {
  const tagIds = [...new Set(input.tag_ids)];
  const valueIds = [...new Set(input.attribute_value_ids)];
  const collectionIds = [...new Set(input.collection_ids)];
  await tx.delete(productTags).where(eq(productTags.productId, id));
  if (tagIds.length > 0) {
    await tx.insert(productTags).values(tagIds.map((tagId) => ({ productId: id, tagId })));
  }
  await tx.delete(productAttributeValues).where(eq(productAttributeValues.productId, id));
  if (valueIds.length > 0) {
    await tx
      .insert(productAttributeValues)
      .values(valueIds.map((valueId) => ({ productId: id, valueId })));
  }
  const kept = await tx
    .select({ id: collectionProducts.collectionId })
    .from(collectionProducts)
    .where(eq(collectionProducts.productId, id));
  const keptIds = new Set(kept.map((r) => r.id));
  const dropped = [...keptIds].filter((c) => !collectionIds.includes(c));
  if (dropped.length > 0) {
    await tx
      .delete(collectionProducts)
      .where(
        and(
          eq(collectionProducts.productId, id),
          inArray(collectionProducts.collectionId, dropped),
        ),
      );
  }
  // a product newly put in a collection goes to its end
  for (const collectionId of collectionIds.filter((c) => !keptIds.has(c))) {
    await tx.insert(collectionProducts).values({
      collectionId,
      productId: id,
      position: sql`(select coalesce(max(${collectionProducts.position}), -1) + 1 from ${collectionProducts} where ${collectionProducts.collectionId} = ${collectionId})`,
    });
  }
}

/** The columns a bulk action reads and may change, as the audit log records them. */
const bulkColumns = {
  id: products.id,
  price: products.price,
  oldPrice: products.oldPrice,
  stock: products.stock,
  categoryId: products.categoryId,
  isActive: products.isActive,
};
export type BulkRow = {
  id: number;
  price: number;
  oldPrice: number | null;
  stock: number;
  categoryId: number;
  isActive: boolean;
};

/** The rows of a bulk action, locked in id order, as every multi-row write here takes its locks. */
export function lockBulkRows(tx: Executor, ids: number[]): Promise<BulkRow[]> {
  return tx
    .select(bulkColumns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

/** Sets one change on many products. */
export async function setProducts(
  tx: Executor,
  ids: number[],
  change: Partial<Pick<ProductValues, 'isActive' | 'stock' | 'categoryId'>>,
) {
  await tx.update(products).set(change).where(inArray(products.id, ids));
}

export async function setPrice(
  tx: Executor,
  id: number,
  price: { price: number; oldPrice: number | null },
) {
  await tx.update(products).set(price).where(eq(products.id, id));
}

export async function categoryExists(tx: Executor, id: number): Promise<boolean> {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id));
  return category !== undefined;
}

/** The products' own IKPU and package code. */
export function readOwnCodes(tx: Executor, ids: number[]) {
  return tx
    .select({ id: products.id, ikpu: products.ikpu, packageCode: products.packageCode })
    .from(products)
    .where(inArray(products.id, ids));
}

/** What the product form offers: brands, colours, tags and hand-picked collections. */
export function readFormChoices(db: Executor) {
  return Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
    db.select().from(colors).orderBy(asc(colors.nameUz)),
    db.select().from(tags).orderBy(asc(tags.id)),
    db
      .select()
      .from(collections)
      .where(isNull(collections.rule))
      .orderBy(asc(collections.position), asc(collections.id)),
  ]);
}

/** Every attribute, every value, and the attributes products of the categories `scope` use. */
export function readAttributeChoices(db: Executor, scope: number[]) {
  return Promise.all([
    db.select().from(attributes).orderBy(asc(attributes.nameUz), asc(attributes.id)),
    db
      .select()
      .from(attributeValues)
      .orderBy(asc(attributeValues.position), asc(attributeValues.id)),
    scope.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinct({ id: attributeValues.attributeId })
          .from(productAttributeValues)
          .innerJoin(products, eq(products.id, productAttributeValues.productId))
          .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.valueId))
          .where(inArray(products.categoryId, scope)),
  ]);
}
