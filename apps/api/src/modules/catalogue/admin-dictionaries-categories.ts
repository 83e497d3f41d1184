/**
 * The category tree in the back office: hidden ones too, moves that keep it a tree of at most
 * MAX_CATEGORY_DEPTH levels, the order among siblings, and deletes of empty categories only.
 */
import {
  type AdminCategory,
  type CategoryBody,
  type CategoryOrderBody,
  type CategoryPatch,
  type Lang,
  MAX_CATEGORY_DEPTH,
} from '@bozor/shared';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
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
  return inTreeOrder(rows.map((r) => r.category)).map(({ row, depth, children }) => ({
    ...toAdmin(row),
    depth,
    product_count: counts.get(row.id) ?? 0,
    child_count: children,
  }));
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
      const [after] = await tx
        .update(categories)
        .set({
          ...(patch.name_uz !== undefined && { nameUz: patch.name_uz }),
          ...(patch.name_ru !== undefined && { nameRu: patch.name_ru }),
          ...(patch.slug !== undefined && { slug: patch.slug }),
          ...(patch.image !== undefined && { image: patch.image }),
          ...(patch.is_top !== undefined && { isTop: patch.is_top }),
          ...(patch.is_active !== undefined && { isActive: patch.is_active }),
          ...(moved && {
            parentId: patch.parent_id ?? null,
            position: nextPosition(
              siblingsOf(rows, patch.parent_id ?? null).map((r) => r.position),
            ),
          }),
        })
        .where(eq(categories.id, id))
        .returning();
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
