import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { basketItems, favorites, products } from '../../db/schema/index.ts';
import { productSummaryColumns } from '../catalogue/index.ts';

/** The ids among the given ones of products on sale. */
export async function productsOnSale(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
  return new Set(rows.map((r) => r.id));
}

export function listFavorites(db: Executor, customerId: number) {
  return db
    .select(productSummaryColumns)
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .where(and(eq(favorites.customerId, customerId), eq(products.isActive, true)))
    .orderBy(desc(favorites.createdAt), desc(products.id));
}

/**
 * Adds products to the wish list, the first of them as the newest: each is stamped a millisecond
 * before the one ahead of it, so a merged list keeps the order the customer saw.
 */
export async function addFavorites(db: Executor, customerId: number, productIds: number[]) {
  if (productIds.length === 0) return;
  await db
    .insert(favorites)
    .values(
      productIds.map((productId, i) => ({
        customerId,
        productId,
        createdAt: sql`now() - make_interval(secs => ${i / 1000})`,
      })),
    )
    .onConflictDoNothing();
}

export async function removeFavorite(db: Executor, customerId: number, productId: number) {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.customerId, customerId), eq(favorites.productId, productId)))
    .returning({ productId: favorites.productId });
  return rows.length > 0;
}

export function listBasket(db: Executor, customerId: number) {
  return db
    .select({
      lineId: basketItems.id,
      count: basketItems.count,
      checked: basketItems.checked,
      sizeClass: products.sizeClass,
      ...productSummaryColumns,
    })
    .from(basketItems)
    .innerJoin(products, eq(products.id, basketItems.productId))
    .where(and(eq(basketItems.customerId, customerId), eq(products.isActive, true)))
    .orderBy(asc(basketItems.id));
}

/** Sets the count of a product's line; one statement, so concurrent adds make one line. */
export async function setBasketCount(
  db: Executor,
  line: { customerId: number; productId: number; count: number; checked?: boolean | undefined },
) {
  const [row] = await db
    .insert(basketItems)
    .values({
      customerId: line.customerId,
      productId: line.productId,
      count: line.count,
      checked: line.checked ?? true,
    })
    .onConflictDoUpdate({
      target: [basketItems.customerId, basketItems.productId],
      set: {
        count: line.count,
        updatedAt: sql`now()`,
        ...(line.checked != null ? { checked: line.checked } : {}),
      },
    })
    .returning({ id: basketItems.id });
  return row!.id;
}

/**
 * Merges local lines in their order: the larger count wins; a new line keeps the mark it had in
 * the browser, a line the account already had keeps the account's.
 */
export async function mergeBasket(
  db: Executor,
  customerId: number,
  items: { productId: number; count: number; checked: boolean }[],
) {
  if (items.length === 0) return;
  await db
    .insert(basketItems)
    .values(
      items.map((i) => ({
        customerId,
        productId: i.productId,
        count: i.count,
        checked: i.checked,
      })),
    )
    .onConflictDoUpdate({
      target: [basketItems.customerId, basketItems.productId],
      set: {
        count: sql`greatest(${basketItems.count}, excluded.count)`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Brings the lines of `productIds` down to the units left, so a merged basket never asks for more
 * than the shop has; a sold-out product keeps its line (the basket shows it as sold out).
 */
export async function capBasketCounts(db: Executor, customerId: number, productIds: number[]) {
  if (productIds.length === 0) return;
  await db
    .update(basketItems)
    .set({ count: sql`${products.stock}`, updatedAt: sql`now()` })
    .from(products)
    .where(
      and(
        eq(products.id, basketItems.productId),
        eq(basketItems.customerId, customerId),
        inArray(basketItems.productId, productIds),
        gt(products.stock, 0),
        gt(basketItems.count, products.stock),
      ),
    );
}

export async function checkBasketLines(
  db: Executor,
  customerId: number,
  ids: number[],
  checked: boolean,
) {
  await db
    .update(basketItems)
    .set({ checked, updatedAt: sql`now()` })
    .where(and(eq(basketItems.customerId, customerId), inArray(basketItems.id, ids)));
}

export async function deleteBasketLines(db: Executor, customerId: number, ids: number[]) {
  const rows = await db
    .delete(basketItems)
    .where(and(eq(basketItems.customerId, customerId), inArray(basketItems.id, ids)))
    .returning({ id: basketItems.id });
  return rows.length;
}
