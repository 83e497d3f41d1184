/**
 * The category tree in the back office: hidden ones too, moves that keep it a tree of at most
 * MAX_CATEGORY_DEPTH levels, the order among siblings, and deletes of empty categories only.
 */
import {
  type AdminCategory,
  type CategoryBody,
  type CategoryOrderBody,
  type CategoryPatch,
  fiscalPairIssues,
  inheritFiscalCode,
  type Lang,
  MAX_CATEGORY_DEPTH,
} from '@bozor/shared';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import {
  fieldRefusal,
  inUse,
  lockDictionary,
  nextPosition,
  slugTaken,
  withUniqueSlug,
} from './admin-dictionaries-shared.ts';

type CategoryRow = typeof categories.$inferSelect;

// the category's id named with its table: a bare "id" inside the subquery would be the product's
const productCount = sql<number>`(select count(*) from ${products} where ${products.categoryId} = ${categories}.${sql.identifier(categories.id.name)})::int`;

/** The rows of the tree, each after its parent and its siblings in position order. */
function inTreeOrder<T extends { id: number; parentId: number | null }>(
  rows: readonly T[],
): { row: T; depth: number; children: number }[] {
  const children = new Map<number | null, T[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const out: { row: T; depth: number; children: number }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const row of children.get(parentId) ?? []) {
      out.push({ row, depth, children: children.get(row.id)?.length ?? 0 });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Every category, hidden ones too, in tree order with its depth and counts. */
export async function listAdminCategories(db: Executor): Promise<AdminCategory[]> {
  const rows = await db
    .select({ category: categories, productCount })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const counts = new Map(rows.map((r) => [r.category.id, r.productCount]));
  const byId = new Map(rows.map((r) => [r.category.id, r.category]));
  return inTreeOrder(rows.map((r) => r.category)).map(({ row, depth, children }) => ({
    ...toAdmin(row),
    depth,
    product_count: counts.get(row.id) ?? 0,
    child_count: children,
    inherited: inheritFiscalCode(chainOf(byId, row.parentId)),
  }));
}

/** The category `id` and those above it, nearest first (none for null). */
export function chainOf(byId: Map<number, CategoryRow>, id: number | null): CategoryRow[] {
  const chain: CategoryRow[] = [];
  for (let row = id === null ? undefined : byId.get(id); row && chain.length < 10; ) {
    chain.push(row);
    row = row.parentId === null ? undefined : byId.get(row.parentId);
  }
  return chain;
}

/**
 * With fiscalisation on, a change to the tree may not leave a product on sale without an IKPU
 * and package code: refuses it when an active product of the changed category (or one under it)
 * has no code of its own and its categories, as they now are, give none.
 */
async function checkProductsStayCoded(tx: Executor, id: number, lang: Lang): Promise<void> {
  const rows = await allRows(tx);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const under = rows.filter((r) => chainOf(byId, r.id).some((c) => c.id === id)).map((r) => r.id);
  const uncoded = await tx
    .selectDistinct({ categoryId: products.categoryId })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        inArray(products.categoryId, under),
        or(isNull(products.ikpu), isNull(products.packageCode)),
      ),
    );
  const lost = uncoded.filter(
    (r) => inheritFiscalCode(chainOf(byId, r.categoryId)).code_from === null,
  );
  if (lost.length > 0) {
    throw new AppError('CATEGORY_FISCAL_CODE_IN_USE', 422, {
      ikpu: [fieldMessage('category_fiscal_code_in_use', lang)],
    });
  }
}

/** The four fiscal fields of a write, after its own pairing rules (a 400 on the field). */
function fiscalValues(
  code: Pick<CategoryBody, 'ikpu' | 'package_code' | 'units' | 'vat_percent'>,
  lang: Lang,
) {
  const [issue] = fiscalPairIssues(code);
  if (issue) throw fieldRefusal(issue.path, issue.message, lang);
  return {
    ikpu: code.ikpu,
    packageCode: code.package_code,
    units: code.units,
    vatPercent: code.vat_percent,
  };
}

function toAdmin(row: CategoryRow) {
  return {
    id: row.id,
    parent_id: row.parentId,
    slug: row.slug,
    name_uz: row.nameUz,
    name_ru: row.nameRu,
    image: row.image,
    position: row.position,
    is_top: row.isTop,
    is_active: row.isActive,
    ikpu: row.ikpu,
    package_code: row.packageCode,
    units: row.units,
    vat_percent: row.vatPercent,
  };
}

async function adminCategory(db: Executor, id: number): Promise<AdminCategory> {
  const found = (await listAdminCategories(db)).find((c) => c.id === id);
  if (!found) throw notFound('CATEGORY_NOT_FOUND');
  return found;
}

async function allRows(tx: Executor): Promise<CategoryRow[]> {
  return tx.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

/** 0 for a root. */
function depthOf(byId: Map<number, CategoryRow>, id: number): number {
  let depth = 0;
  for (let p = byId.get(id)?.parentId ?? null; p != null; p = byId.get(p)?.parentId ?? null) {
    depth += 1;
  }
  return depth;
}

/** Levels below the category: 0 for a leaf. */
function heightOf(rows: readonly CategoryRow[], id: number): number {
  const below = rows.filter((r) => r.parentId === id);
  return below.length === 0 ? 0 : 1 + Math.max(...below.map((r) => heightOf(rows, r.id)));
}

function isUnder(byId: Map<number, CategoryRow>, id: number, ancestorId: number): boolean {
  for (let p: number | null = id; p != null; p = byId.get(p)?.parentId ?? null) {
    if (p === ancestorId) return true;
  }
  return false;
}

/**
 * Where the category may go: an existing parent, not itself nor one of its own, and not so deep
 * that the tree passes MAX_CATEGORY_DEPTH levels with what is under it.
 */
function checkPlace(
  rows: readonly CategoryRow[],
  place: { id?: number; parentId: number | null },
  lang: Lang,
): void {
  if (place.parentId == null) {
    const height = place.id === undefined ? 0 : heightOf(rows, place.id);
    if (height + 1 > MAX_CATEGORY_DEPTH) throw fieldRefusal('parent_id', 'category_too_deep', lang);
    return;
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (!byId.has(place.parentId)) throw fieldRefusal('parent_id', 'parent_invalid', lang);
  if (place.id !== undefined && isUnder(byId, place.parentId, place.id)) {
    throw fieldRefusal('parent_id', 'category_cycle', lang);
  }
  const height = place.id === undefined ? 0 : heightOf(rows, place.id);
  if (depthOf(byId, place.parentId) + 1 + height + 1 > MAX_CATEGORY_DEPTH) {
    throw fieldRefusal('parent_id', 'category_too_deep', lang);
  }
}

async function checkSlugFree(tx: Executor, slug: string, lang: Lang, id?: number) {
  const [other] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), id === undefined ? undefined : ne(categories.id, id)))
    .limit(1);
  if (other) throw slugTaken(lang);
}

const siblingsOf = (rows: readonly CategoryRow[], parentId: number | null) =>
  rows.filter((r) => r.parentId === parentId);

export async function createCategory(
  db: Database,
  body: CategoryBody & { parent_id: number | null },
  actor: Actor,
  lang: Lang,
): Promise<AdminCategory> {
  const id = await withUniqueSlug(lang, () =>
    inTransaction(db, async (tx) => {
      await lockDictionary(tx, 'categories');
      const rows = await allRows(tx);
      checkPlace(rows, { parentId: body.parent_id }, lang);
      await checkSlugFree(tx, body.slug, lang);
      const [row] = await tx
        .insert(categories)
        .values({
          parentId: body.parent_id,
          slug: body.slug,
          nameUz: body.name_uz,
          nameRu: body.name_ru,
          image: body.image ?? null,
          isTop: body.is_top ?? false,
          isActive: body.is_active ?? true,
          ...fiscalValues(body, lang),
          position: nextPosition(siblingsOf(rows, body.parent_id).map((r) => r.position)),
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'category.create',
        objectType: 'category',
        objectId: row!.id,
        after: toAdmin(row!),
      });
      return row!.id;
    }),
  );
  return adminCategory(db, id);
}

export async function updateCategory(
  db: Database,
  id: number,
  patch: CategoryPatch,
  actor: Actor,
  lang: Lang,
  options: { requireFiscalCode?: boolean } = {},
): Promise<AdminCategory> {
  await withUniqueSlug(lang, () =>
    inTransaction(db, async (tx) => {
      await lockDictionary(tx, 'categories');
      const rows = await allRows(tx);
      const before = rows.find((r) => r.id === id);
      if (!before) throw notFound('CATEGORY_NOT_FOUND');
      const moved = patch.parent_id !== undefined && patch.parent_id !== before.parentId;
      if (moved) checkPlace(rows, { id, parentId: patch.parent_id ?? null }, lang);
      if (patch.slug !== undefined && patch.slug !== before.slug) {
        await checkSlugFree(tx, patch.slug, lang, id);
      }
      const fiscal = fiscalValues(
        {
          ikpu: patch.ikpu !== undefined ? patch.ikpu : before.ikpu,
          package_code: patch.package_code !== undefined ? patch.package_code : before.packageCode,
          units: patch.units !== undefined ? patch.units : before.units,
          vat_percent: patch.vat_percent !== undefined ? patch.vat_percent : before.vatPercent,
        },
        lang,
      );
      const [after] = await tx
        .update(categories)
        .set({
          ...(patch.name_uz !== undefined && { nameUz: patch.name_uz }),
          ...(patch.name_ru !== undefined && { nameRu: patch.name_ru }),
          ...(patch.slug !== undefined && { slug: patch.slug }),
          ...(patch.image !== undefined && { image: patch.image }),
          ...(patch.is_top !== undefined && { isTop: patch.is_top }),
          ...(patch.is_active !== undefined && { isActive: patch.is_active }),
          ...fiscal,
          ...(moved && {
            parentId: patch.parent_id ?? null,
            position: nextPosition(
              siblingsOf(rows, patch.parent_id ?? null).map((r) => r.position),
            ),
          }),
        })
        .where(eq(categories.id, id))
        .returning();
      const recoded = fiscal.ikpu !== before.ikpu || fiscal.packageCode !== before.packageCode;
      if (options.requireFiscalCode && (moved || recoded)) {
        await checkProductsStayCoded(tx, id, lang);
      }
      await recordAudit(tx, actor, {
        action: moved ? 'category.move' : 'category.update',
        objectType: 'category',
        objectId: id,
        before: toAdmin(before),
        after: toAdmin(after!),
      });
    }),
  );
  return adminCategory(db, id);
}

/** Puts one parent's children in the order given; the list must name each of them once. */
export async function orderCategories(
  db: Database,
  body: CategoryOrderBody & { parent_id: number | null },
  actor: Actor,
  lang: Lang,
): Promise<AdminCategory[]> {
  await inTransaction(db, async (tx) => {
    await lockDictionary(tx, 'categories');
    const siblings = await tx
      .select({ id: categories.id, position: categories.position })
      .from(categories)
      .where(
        body.parent_id == null
          ? isNull(categories.parentId)
          : eq(categories.parentId, body.parent_id),
      )
      .orderBy(asc(categories.position), asc(categories.id));
    const known = new Set(siblings.map((s) => s.id));
    if (
      siblings.length !== body.ids.length ||
      new Set(body.ids).size !== body.ids.length ||
      body.ids.some((i) => !known.has(i))
    ) {
      throw fieldRefusal('ids', 'order_mismatch', lang);
    }
    for (const [position, categoryId] of body.ids.entries()) {
      await tx.update(categories).set({ position }).where(eq(categories.id, categoryId));
    }
    await recordAudit(tx, actor, {
      action: 'category.reorder',
      objectType: 'category',
      objectId: body.parent_id ?? 'root',
      before: siblings.map((s) => s.id),
      after: body.ids,
    });
  });
  return listAdminCategories(db);
}

/** Only an empty category goes: no subcategories, no products (shown or not). */
export async function deleteCategory(db: Database, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockDictionary(tx, 'categories');
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw notFound('CATEGORY_NOT_FOUND');
    const [counts] = await tx
      .select({
        children: sql<number>`(select count(*) from ${categories} where ${categories.parentId} = ${id})::int`,
        products: sql<number>`(select count(*) from ${products} where ${products.categoryId} = ${id})::int`,
      })
      .from(sql`(select 1) as one`);
    const children = counts?.children ?? 0;
    const used = counts?.products ?? 0;
    if (children > 0) throw inUse('CATEGORY_HAS_CHILDREN', { products: used, children });
    if (used > 0) throw inUse('CATEGORY_HAS_PRODUCTS', { products: used, children });
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, actor, {
      action: 'category.delete',
      objectType: 'category',
      objectId: id,
      before: toAdmin(row),
    });
  });
}
