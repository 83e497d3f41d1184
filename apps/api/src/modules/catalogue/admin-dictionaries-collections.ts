/**
 * Collections in the back office: chosen by hand (their products in order) or by a rule that
 * finds them (collection-rules.ts).
 */
import type {
  AdminCollection,
  CollectionBody,
  CollectionPatch,
  CollectionRule,
  Lang,
  PickedProduct,
} from '@bozor/shared';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  brands,
  categories,
  collectionProducts,
  collections,
  products,
  tags,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { fieldRefusal, slugTaken, withUniqueSlug } from './admin-dictionaries-shared.ts';
import { ruleOf, ruleProductIds } from './collection-rules.ts';

type CollectionRow = typeof collections.$inferSelect;

const handPicked = sql<number>`(select count(*) from ${collectionProducts} where ${collectionProducts.collectionId} = ${collections}.${sql.identifier(collections.id.name)})::int`;

function toAdmin(row: CollectionRow, count: number): AdminCollection {
  return {
    id: row.id,
    slug: row.slug,
    name_uz: row.nameUz,
    name_ru: row.nameRu,
    image: row.image,
    position: row.position,
    is_active: row.isActive,
    rule: ruleOf(row.rule),
    product_count: count,
  };
}

/** Every collection, shown or not, in the home page's order. */
export async function listAdminCollections(db: Executor, id?: number): Promise<AdminCollection[]> {
  const rows = await db
    .select({ collection: collections, count: handPicked })
    .from(collections)
    .where(id === undefined ? undefined : eq(collections.id, id))
    .orderBy(asc(collections.position), asc(collections.id));
  return Promise.all(
    rows.map(async ({ collection, count }) => {
      const rule = ruleOf(collection.rule);
      return toAdmin(collection, rule ? (await ruleProductIds(db, rule)).length : count);
    }),
  );
}

async function oneCollection(db: Executor, id: number): Promise<AdminCollection> {
  const [found] = await listAdminCollections(db, id);
  if (!found) throw notFound('COLLECTION_NOT_FOUND');
  return found;
}

/** A rule names a category, brand and tag that exist. */
async function checkRule(tx: Executor, rule: CollectionRule | null | undefined, lang: Lang) {
  if (!rule) return;
  const checks = [
    [rule.category_id, categories, 'rule.category_id', 'category_invalid'],
    [rule.brand_id, brands, 'rule.brand_id', 'brand_invalid'],
    [rule.tag_id, tags, 'rule.tag_id', 'tag_invalid'],
  ] as const;
  for (const [id, table, field, key] of checks) {
    if (id === undefined) continue;
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!row) throw fieldRefusal(field, key, lang);
  }
}

async function checkSlugFree(tx: Executor, slug: string, lang: Lang, id?: number) {
  const [other] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.slug, slug), id === undefined ? undefined : ne(collections.id, id)))
    .limit(1);
  if (other) throw slugTaken(lang);
}

const audited = (row: CollectionRow) => ({
  slug: row.slug,
  name_uz: row.nameUz,
  name_ru: row.nameRu,
  image: row.image,
  position: row.position,
  is_active: row.isActive,
  rule: row.rule,
});

export async function createCollection(
  db: Database,
  body: CollectionBody,
  actor: Actor,
  lang: Lang,
): Promise<AdminCollection> {
  const id = await withUniqueSlug(lang, () =>
    inTransaction(db, async (tx) => {
      await checkSlugFree(tx, body.slug, lang);
      await checkRule(tx, body.rule, lang);
      const [row] = await tx
        .insert(collections)
        .values({
          slug: body.slug,
          nameUz: body.name_uz,
          nameRu: body.name_ru,
          image: body.image ?? null,
          position: Number(body.position ?? 0),
          isActive: body.is_active ?? true,
          rule: body.rule ?? null,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'collection.create',
        objectType: 'collection',
        objectId: row!.id,
        after: audited(row!),
      });
      return row!.id;
    }),
  );
  return oneCollection(db, id);
}

export async function updateCollection(
  db: Database,
  id: number,
  patch: CollectionPatch,
  actor: Actor,
  lang: Lang,
): Promise<AdminCollection> {
  await withUniqueSlug(lang, () =>
    inTransaction(db, async (tx) => {
      const [before] = await tx
        .select()
        .from(collections)
        .where(eq(collections.id, id))
        .for('update');
      if (!before) throw notFound('COLLECTION_NOT_FOUND');
      if (patch.slug !== undefined) await checkSlugFree(tx, patch.slug, lang, id);
      await checkRule(tx, patch.rule, lang);
      const [after] = await tx
        .update(collections)
        .set({
          ...(patch.slug !== undefined && { slug: patch.slug }),
          ...(patch.name_uz !== undefined && { nameUz: patch.name_uz }),
          ...(patch.name_ru !== undefined && { nameRu: patch.name_ru }),
          ...(patch.image !== undefined && { image: patch.image }),
          ...(patch.position !== undefined && { position: Number(patch.position) }),
          ...(patch.is_active !== undefined && { isActive: patch.is_active }),
          ...(patch.rule !== undefined && { rule: patch.rule }),
        })
        .where(eq(collections.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'collection.update',
        objectType: 'collection',
        objectId: id,
        before: audited(before),
        after: audited(after!),
      });
    }),
  );
  return oneCollection(db, id);
}

/** A collection is a list of products, not their owner: deleting it leaves them as they are. */
export async function deleteCollection(db: Database, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
    if (!row) throw notFound('COLLECTION_NOT_FOUND');
    const picked = await tx
      .select({ productId: collectionProducts.productId })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, id))
      .orderBy(asc(collectionProducts.position));
    await tx.delete(collections).where(eq(collections.id, id));
    await recordAudit(tx, actor, {
      action: 'collection.delete',
      objectType: 'collection',
      objectId: id,
      before: { ...audited(row), product_ids: picked.map((p) => p.productId) },
    });
  });
}

const pickedColumns = {
  id: products.id,
  code: products.code,
  name_uz: products.nameUz,
  name_ru: products.nameRu,
  price: products.price,
  image: sql<string | null>`${products.images}[1]`,
  is_active: products.isActive,
  stock: products.stock,
};

/**
 * The products a collection shows in the back office: chosen by hand, all of them in their
 * order (hidden ones too, so they can be taken out); by rule, what the rule finds now.
 */
export async function collectionProductList(db: Executor, id: number): Promise<PickedProduct[]> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  if (!row) throw notFound('COLLECTION_NOT_FOUND');
  const rule = ruleOf(row.rule);
  if (rule) {
    const ids = await ruleProductIds(db, rule);
    if (ids.length === 0) return [];
    const found = await db.select(pickedColumns).from(products).where(inArray(products.id, ids));
    const order = new Map(ids.map((productId, i) => [productId, i]));
    return found.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
  return db
    .select(pickedColumns)
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, id))
    .orderBy(asc(collectionProducts.position), asc(products.id));
}

/** Sets the products of a collection chosen by hand, in the order given. */
export async function setCollectionProducts(
  db: Database,
  id: number,
  productIds: number[],
  actor: Actor,
  lang: Lang,
): Promise<PickedProduct[]> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
    if (!row) throw notFound('COLLECTION_NOT_FOUND');
    if (ruleOf(row.rule)) throw fieldRefusal('product_ids', 'collection_by_rule', lang);
    if (productIds.length > 0) {
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, productIds));
      if (found.length !== productIds.length) {
        throw fieldRefusal('product_ids', 'product_invalid', lang);
      }
    }
    const before = await tx
      .select({ productId: collectionProducts.productId })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, id))
      .orderBy(asc(collectionProducts.position));
    await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, id));
    if (productIds.length > 0) {
      await tx
        .insert(collectionProducts)
        .values(
          productIds.map((productId, position) => ({ collectionId: id, productId, position })),
        );
    }
    await recordAudit(tx, actor, {
      action: 'collection.products',
      objectType: 'collection',
      objectId: id,
      before: before.map((p) => p.productId),
      after: productIds,
    });
  });
  return collectionProductList(db, id);
}

/** `%`, `_` and the escape character itself stand for themselves in a LIKE pattern. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Products to add to a collection: by words of the name or the code, the most popular first. */
export async function pickProducts(db: Executor, q: string): Promise<PickedProduct[]> {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 5);
  const where = words.map(
    (w) =>
      or(
        ilike(products.nameUz, contains(w)),
        ilike(products.nameRu, contains(w)),
        ilike(products.code, contains(w)),
      )!,
  );
  return db
    .select(pickedColumns)
    .from(products)
    .where(and(...where))
    .orderBy(desc(products.isActive), desc(products.popularity), asc(products.id))
    .limit(20);
}
