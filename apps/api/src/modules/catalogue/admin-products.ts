/** Products as the back office keeps them: the grid, one product, writing it, bulk changes. */
import {
  type AdminProductDetail,
  type AdminProductRow,
  type AdminProductsQuery,
  bulkPrice,
  type FieldMessageKey,
  type InheritedFiscalCode,
  inheritFiscalCode,
  type Lang,
  type PageMeta,
  type ProductAttributeOption,
  type ProductBulkAction,
  type ProductCategoryOption,
  type ProductFormOptions,
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
import sanitizeHtml from 'sanitize-html';
import type { Database, Executor } from '../../db/client.ts';
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
import { inTransaction, readTogether, sqlStateOf } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { DESCRIPTION_HTML } from './service.ts';

type CategoryRow = typeof categories.$inferSelect;

/** The category tree read once per request: hidden branches and what lies under a category. */
class CategoryTree {
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

async function readTree(db: Executor): Promise<CategoryTree> {
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

export async function listAdminProducts(
  db: Executor,
  query: AdminProductsQuery,
): Promise<{ data: AdminProductRow[]; meta: PageMeta }> {
  const tree = await readTree(db);
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
  const condition = where.length > 0 ? and(...where) : undefined;
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
  return {
    meta: pageMeta(query.page, query.per_page, totals?.total ?? 0),
    data: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      code: row.code,
      name_uz: row.nameUz,
      name_ru: row.nameRu,
      image: row.image ?? null,
      price: row.price,
      old_price: row.oldPrice,
      stock: row.stock,
      category: { id: row.category.id, name_uz: row.category.nameUz, name_ru: row.category.nameRu },
      brand:
        row.brandId !== null && row.brandName !== null
          ? { id: row.brandId, name: row.brandName }
          : null,
      is_active: row.isActive,
      category_active: tree.shown(row.category.id),
      created_at: row.createdAt.toISOString(),
    })),
  };
}

export async function adminProductDetail(db: Executor, id: number): Promise<AdminProductDetail> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound('PRODUCT_NOT_FOUND');
  const [tagRows, valueRows, collectionRows, tree] = await readTogether(db, [
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
    () => readTree(db),
  ]);
  return {
    id: row.id,
    name_uz: row.nameUz,
    name_ru: row.nameRu,
    description_uz: row.descriptionUz,
    description_ru: row.descriptionRu,
    code: row.code,
    slug: row.slug,
    price: row.price,
    old_price: row.oldPrice,
    stock: row.stock,
    category_id: row.categoryId,
    brand_id: row.brandId,
    color_id: row.colorId,
    tag_ids: tagRows.map((r) => r.id),
    attribute_value_ids: valueRows.map((r) => r.id),
    collection_ids: collectionRows.map((r) => r.id),
    is_active: row.isActive,
    images: row.images,
    category_active: tree.shown(row.categoryId),
    popularity: row.popularity,
    created_at: row.createdAt.toISOString(),
    ikpu: row.ikpu,
    package_code: row.packageCode,
    units: row.units,
    vat_percent: row.vatPercent,
  };
}

/**
 * Whether a product may be on sale with fiscalisation on: it has an IKPU and a package code of
 * its own, or its category (or one above it) gives them.
 */
function fiscalGaps(
  own: { ikpu: string | null; packageCode: string | null },
  inherited: InheritedFiscalCode,
): { ikpu: boolean; packageCode: boolean } {
  if ((own.ikpu !== null && own.packageCode !== null) || inherited.code_from !== null) {
    return { ikpu: false, packageCode: false };
  }
  return { ikpu: own.ikpu === null, packageCode: own.packageCode === null };
}

type FieldErrors = Record<string, string[]>;

/** Collects the rules a product breaks, each on its field, in the caller's language. */
class Refusals {
  readonly errors: FieldErrors = {};
  private readonly lang: Lang;
  constructor(lang: Lang) {
    this.lang = lang;
  }
  add(field: string, key: FieldMessageKey): void {
    this.errors[field] = [...(this.errors[field] ?? []), fieldMessage(key, this.lang)];
  }
  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

/** The ids among `wanted` that `existing` does not hold. */
async function missingIds(wanted: number[], existing: () => Promise<{ id: number }[]>) {
  if (wanted.length === 0) return [];
  const found = new Set((await existing()).map((r) => r.id));
  return wanted.filter((id) => !found.has(id));
}

/**
 * Refuses references to rows that do not exist, each on its own field. One query after another:
 * the transaction's connection runs one at a time.
 */
async function checkReferences(tx: Executor, input: ProductInput, refusals: Refusals) {
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
  if (category.length === 0) refusals.add('category_id', 'product_category_invalid');
  if (brand.length === 0) refusals.add('brand_id', 'product_brand_invalid');
  if (color.length === 0) refusals.add('color_id', 'product_color_invalid');
  if (tagMisses.length > 0) refusals.add('tag_ids', 'product_tag_invalid');
  if (valueMisses.length > 0) refusals.add('attribute_value_ids', 'product_value_invalid');
  if (collectionMisses.length > 0) refusals.add('collection_ids', 'product_collection_invalid');
}

/** Another product holding the same value of a unique column, or false. */
async function takenBy(
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
async function freeSlug(tx: Executor, name: string): Promise<string> {
  const base = slugOf(name) || 'product';
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), like(products.slug, `${escapeLike(base)}-%`)));
  const used = new Set(rows.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

const UNIQUE_FIELDS: Record<string, { field: string; key: FieldMessageKey }> = {
  products_code_key: { field: 'code', key: 'product_code_taken' },
  products_slug_key: { field: 'slug', key: 'product_slug_taken' },
};

/** The unique index another write got to first: the field it names, as a 409. */
function uniqueRefusal(error: unknown, lang: Lang): AppError | undefined {
  if (sqlStateOf(error) !== '23505') return undefined;
  const refusals = new Refusals(lang);
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const constraint = (e as { constraint?: unknown }).constraint;
    const unique = typeof constraint === 'string' ? UNIQUE_FIELDS[constraint] : undefined;
    if (unique) refusals.add(unique.field, unique.key);
    e = (e as { cause?: unknown }).cause;
  }
  return new AppError('PRODUCT_TAKEN', 409, refusals.any ? refusals.errors : undefined);
}

/** Replaces the product's tags, attribute values and hand-picked collections with the input's. */
async function writeLinks(tx: Executor, id: number, input: ProductInput): Promise<void> {
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

/** What a product must have to be on sale. */
export interface PublishRules {
  /** Fiscalisation is on: an active product resolves to an IKPU and a package code. */
  requireFiscalCode?: boolean;
}

/**
 * Creates (`id` undefined) or rewrites a product, audited in the same transaction. With
 * fiscalisation on, an active product without an IKPU and package code (its own or its
 * category's) is a 422 naming the fields missing; a draft may lack them.
 */
export async function saveProduct(
  db: Database,
  id: number | undefined,
  input: ProductInput,
  actor: Actor,
  lang: Lang,
  options: PublishRules = {},
): Promise<number> {
  try {
    return await inTransaction(db, async (tx) => {
      const before = id === undefined ? undefined : await adminProductDetail(tx, id);
      const refusals = new Refusals(lang);
      await checkReferences(tx, input, refusals);
      if (refusals.any) throw new AppError('PRODUCT_INVALID', 422, refusals.errors);
      if (options.requireFiscalCode && input.is_active) {
        const tree = await readTree(tx);
        const gaps = fiscalGaps(
          { ikpu: input.ikpu, packageCode: input.package_code },
          tree.fiscalOf(input.category_id),
        );
        if (gaps.ikpu) refusals.add('ikpu', 'publish_ikpu_missing');
        if (gaps.packageCode) refusals.add('package_code', 'publish_package_code_missing');
        if (refusals.any) throw new AppError('PRODUCT_FISCAL_CODE_MISSING', 422, refusals.errors);
      }
      const taken = new Refusals(lang);
      if (await takenBy(tx, products.code, input.code, id)) {
        taken.add('code', 'product_code_taken');
      }
      let slug = input.slug;
      if (slug !== '' && (await takenBy(tx, products.slug, slug, id))) {
        taken.add('slug', 'product_slug_taken');
      }
      if (taken.any) throw new AppError('PRODUCT_TAKEN', 409, taken.errors);
      if (slug === '') slug = before?.slug ?? (await freeSlug(tx, input.name_uz));
      const values = {
        slug,
        code: input.code,
        nameUz: input.name_uz,
        nameRu: input.name_ru,
        descriptionUz: sanitizeHtml(input.description_uz, DESCRIPTION_HTML),
        descriptionRu: sanitizeHtml(input.description_ru, DESCRIPTION_HTML),
        price: input.price,
        oldPrice: input.old_price,
        stock: input.stock,
        categoryId: input.category_id,
        brandId: input.brand_id,
        colorId: input.color_id,
        isActive: input.is_active,
        images: input.images,
        ikpu: input.ikpu,
        packageCode: input.package_code,
        units: input.units,
        vatPercent: input.vat_percent,
      };
      let productId: number;
      if (id === undefined) {
        const [row] = await tx.insert(products).values(values).returning({ id: products.id });
        productId = row!.id;
      } else {
        await tx.update(products).set(values).where(eq(products.id, id));
        productId = id;
      }
      await writeLinks(tx, productId, input);
      const after = await adminProductDetail(tx, productId);
      await recordAudit(tx, actor, {
        action: id === undefined ? 'product.create' : 'product.update',
        objectType: 'product',
        objectId: productId,
        before,
        after,
      });
      return productId;
    });
  } catch (error) {
    throw uniqueRefusal(error, lang) ?? error;
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
type BulkRow = {
  id: number;
  price: number;
  oldPrice: number | null;
  stock: number;
  categoryId: number;
  isActive: boolean;
};

const snapshot = (row: BulkRow) => ({
  id: row.id,
  price: row.price,
  old_price: row.oldPrice,
  stock: row.stock,
  category_id: row.categoryId,
  is_active: row.isActive,
});

/**
 * One change to many products in one transaction, all or none, recorded as one audit entry that
 * names the ids and the action. A price by percent is rounded to whole thousands of sum
 * (`bulkPrice`); an old price no longer above the new price is cleared, as the shop would show
 * no discount for it.
 */
export async function bulkChangeProducts(
  db: Database,
  action: ProductBulkAction,
  actor: Actor,
  lang: Lang,
  options: PublishRules = {},
): Promise<number> {
  const ids = [...action.ids].sort((a, b) => a - b);
  const { change } = action;
  return inTransaction(db, async (tx) => {
    // in id order, as every multi-row write here takes its locks
    const rows: BulkRow[] = await tx
      .select(bulkColumns)
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for('update');
    const refusals = new Refusals(lang);
    if (rows.length !== ids.length) {
      refusals.add('ids', 'bulk_ids_invalid');
      throw new AppError('BULK_PRODUCTS_INVALID', 422, refusals.errors);
    }
    if (options.requireFiscalCode && (change.type === 'show' || change.type === 'move')) {
      await checkBulkCoded(tx, rows, change, refusals);
    }
    const after: BulkRow[] = [];
    if (change.type === 'hide' || change.type === 'show') {
      const isActive = change.type === 'show';
      await tx.update(products).set({ isActive }).where(inArray(products.id, ids));
      after.push(...rows.map((row) => ({ ...row, isActive })));
    } else if (change.type === 'set_stock') {
      await tx.update(products).set({ stock: change.stock }).where(inArray(products.id, ids));
      after.push(...rows.map((row) => ({ ...row, stock: change.stock })));
    } else if (change.type === 'move') {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, change.category_id));
      if (!category) {
        refusals.add('change.category_id', 'product_category_invalid');
        throw new AppError('BULK_PRODUCTS_INVALID', 422, refusals.errors);
      }
      await tx
        .update(products)
        .set({ categoryId: change.category_id })
        .where(inArray(products.id, ids));
      after.push(...rows.map((row) => ({ ...row, categoryId: change.category_id })));
    } else {
      const field = change.type === 'price_percent' ? 'change.percent' : 'change.amount';
      for (const row of rows) {
        const price = bulkPrice(row.price, change);
        if (price === null) {
          refusals.add(field, 'bulk_price_out_of_range');
          throw new AppError('BULK_PRODUCTS_INVALID', 422, refusals.errors, {
            data: { ids: rows.filter((r) => bulkPrice(r.price, change) === null).map((r) => r.id) },
          });
        }
        const oldPrice = row.oldPrice !== null && row.oldPrice > price ? row.oldPrice : null;
        after.push({ ...row, price, oldPrice });
      }
      for (const row of after) {
        await tx
          .update(products)
          .set({ price: row.price, oldPrice: row.oldPrice })
          .where(eq(products.id, row.id));
      }
    }
    await recordAudit(tx, actor, {
      action: `product.bulk.${change.type}`,
      objectType: 'product',
      objectId: ids.join(','),
      before: { ids, products: rows.map(snapshot) },
      after: { ids, change, products: after.map(snapshot) },
    });
    return rows.length;
  });
}

/**
 * Showing products, or moving products on sale to another category, leaves none on sale without
 * an IKPU and package code: refused, naming the products that would lack them.
 */
async function checkBulkCoded(
  tx: Executor,
  rows: BulkRow[],
  change: Extract<ProductBulkAction['change'], { type: 'show' | 'move' }>,
  refusals: Refusals,
): Promise<void> {
  const onSale = change.type === 'show' ? rows : rows.filter((row) => row.isActive);
  if (onSale.length === 0) return;
  const tree = await readTree(tx);
  // a category that does not exist is refused on its own below
  if (change.type === 'move' && !tree.has(change.category_id)) return;
  const codes = await tx
    .select({ id: products.id, ikpu: products.ikpu, packageCode: products.packageCode })
    .from(products)
    .where(
      inArray(
        products.id,
        onSale.map((row) => row.id),
      ),
    );
  const own = new Map(codes.map((c) => [c.id, c]));
  const lacking = onSale.filter((row) => {
    const code = own.get(row.id) ?? { ikpu: null, packageCode: null };
    const categoryId = change.type === 'move' ? change.category_id : row.categoryId;
    const gaps = fiscalGaps(code, tree.fiscalOf(categoryId));
    return gaps.ikpu || gaps.packageCode;
  });
  if (lacking.length > 0) {
    refusals.add(change.type === 'move' ? 'change.category_id' : 'ids', 'bulk_fiscal_code_missing');
    throw new AppError('BULK_PRODUCTS_INVALID', 422, refusals.errors, {
      data: { ids: lacking.map((row) => row.id) },
    });
  }
}

/** The categories (hidden ones too), brands, colours, tags and hand-picked collections. */
export async function productFormOptions(db: Executor): Promise<ProductFormOptions> {
  const [tree, brandRows, colorRows, tagRows, collectionRows] = await Promise.all([
    readTree(db),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
    db.select().from(colors).orderBy(asc(colors.nameUz)),
    db.select().from(tags).orderBy(asc(tags.id)),
    db
      .select()
      .from(collections)
      .where(isNull(collections.rule))
      .orderBy(asc(collections.position), asc(collections.id)),
  ]);
  return {
    categories: tree.ordered(),
    brands: brandRows,
    colors: colorRows.map((c) => ({ id: c.id, name_uz: c.nameUz, name_ru: c.nameRu, hex: c.hex })),
    tags: tagRows.map((t) => ({ id: t.id, name_uz: t.nameUz, name_ru: t.nameRu, color: t.color })),
    collections: collectionRows.map((c) => ({
      id: c.id,
      name_uz: c.nameUz,
      name_ru: c.nameRu,
      is_active: c.isActive,
    })),
  };
}

/**
 * Every attribute with its values; those some product of the category (or one under it) already
 * uses come first, marked, as the shop's filters of that category are made of them.
 */
export async function productAttributes(
  db: Executor,
  categoryId: number | undefined,
): Promise<ProductAttributeOption[]> {
  const tree = await readTree(db);
  const scope = categoryId === undefined ? [] : tree.subtree(categoryId);
  const [attributeRows, valueRows, usedRows] = await Promise.all([
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
  const used = new Set(usedRows.map((r) => r.id));
  const values = new Map<number, ProductAttributeOption['values']>();
  for (const v of valueRows) {
    const list = values.get(v.attributeId) ?? [];
    list.push({ id: v.id, value_uz: v.valueUz, value_ru: v.valueRu });
    values.set(v.attributeId, list);
  }
  const list = attributeRows.map((a) => ({
    id: a.id,
    name_uz: a.nameUz,
    name_ru: a.nameRu,
    in_category: used.has(a.id),
    values: values.get(a.id) ?? [],
  }));
  return [...list.filter((a) => a.in_category), ...list.filter((a) => !a.in_category)];
}
