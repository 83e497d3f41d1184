/** Products as the back office keeps them: the grid, one product, writing it, bulk changes. */
import {
  type AdminProductDetail,
  type AdminProductRow,
  type AdminProductsQuery,
  bulkPrice,
  type FieldMessageKey,
  type InheritedFiscalCode,
  type Lang,
  type PageMeta,
  type ProductAttributeOption,
  type ProductBulkAction,
  type ProductFormOptions,
  type ProductInput,
} from '@bozor/shared';
import sanitizeHtml from 'sanitize-html';
import type { Database, Executor } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { inTransaction, readTogether, sqlStateOf } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import {
  adminProductsWhere,
  type BulkRow,
  categoryExists,
  findProduct,
  freeSlug,
  insertProduct,
  lockBulkRows,
  missingReferences,
  readAttributeChoices,
  readFormChoices,
  readOwnCodes,
  readProductLinks,
  readTree,
  selectAdminProducts,
  setPrice,
  setProducts,
  takenBy,
  updateProduct,
  writeLinks,
} from './admin-products-repository.ts';
import { DESCRIPTION_HTML } from './service.ts';

export async function listAdminProducts(
  db: Executor,
  query: AdminProductsQuery,
): Promise<{ data: AdminProductRow[]; meta: PageMeta }> {
  const tree = await readTree(db);
  const { rows, total } = await selectAdminProducts(db, adminProductsWhere(query, tree), query);
  return {
    meta: pageMeta(query.page, query.per_page, total),
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
  const row = await findProduct(db, id);
  if (!row) throw notFound('PRODUCT_NOT_FOUND');
  const [links, tree] = await readTogether(db, [
    () => readProductLinks(db, id),
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
    tag_ids: links.tagIds,
    attribute_value_ids: links.valueIds,
    collection_ids: links.collectionIds,
    is_active: row.isActive,
    images: row.images,
    category_active: tree.shown(row.categoryId),
    popularity: row.popularity,
    created_at: row.createdAt.toISOString(),
    ikpu: row.ikpu,
    package_code: row.packageCode,
    units: row.units,
    vat_percent: row.vatPercent,
    size_class: row.sizeClass,
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

/** Refuses references to rows that do not exist, each on its own field. */
async function checkReferences(tx: Executor, input: ProductInput, refusals: Refusals) {
  const missing = await missingReferences(tx, input);
  if (missing.category) refusals.add('category_id', 'product_category_invalid');
  if (missing.brand) refusals.add('brand_id', 'product_brand_invalid');
  if (missing.color) refusals.add('color_id', 'product_color_invalid');
  if (missing.tags) refusals.add('tag_ids', 'product_tag_invalid');
  if (missing.values) refusals.add('attribute_value_ids', 'product_value_invalid');
  if (missing.collections) refusals.add('collection_ids', 'product_collection_invalid');
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
        sizeClass: input.size_class,
      };
      let productId: number;
      if (id === undefined) {
        productId = await insertProduct(tx, values);
      } else {
        await updateProduct(tx, id, values);
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
    const rows = await lockBulkRows(tx, ids);
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
      await setProducts(tx, ids, { isActive });
      after.push(...rows.map((row) => ({ ...row, isActive })));
    } else if (change.type === 'set_stock') {
      await setProducts(tx, ids, { stock: change.stock });
      after.push(...rows.map((row) => ({ ...row, stock: change.stock })));
    } else if (change.type === 'move') {
      if (!(await categoryExists(tx, change.category_id))) {
        refusals.add('change.category_id', 'product_category_invalid');
        throw new AppError('BULK_PRODUCTS_INVALID', 422, refusals.errors);
      }
      await setProducts(tx, ids, { categoryId: change.category_id });
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
        await setPrice(tx, row.id, { price: row.price, oldPrice: row.oldPrice });
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
  const codes = await readOwnCodes(
    tx,
    onSale.map((row) => row.id),
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
  const [tree, [brandRows, colorRows, tagRows, collectionRows]] = await Promise.all([
    readTree(db),
    readFormChoices(db),
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
  const [attributeRows, valueRows, usedRows] = await readAttributeChoices(db, scope);
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
