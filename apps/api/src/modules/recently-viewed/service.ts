import {
  type Lang,
  type ProductSummary,
  RECENTLY_VIEWED_MAX,
  type RecentlyViewedBody,
} from '@bozor/shared';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, recentlyViewed } from '../../db/schema/index.ts';
import { productSummaryColumns, summarizeProducts } from '../catalogue/index.ts';

/** The customer's recently viewed products on sale, the newest first. */
export async function listViewed(
  db: Executor,
  customerId: number,
  lang: Lang,
): Promise<ProductSummary[]> {
  const rows = await db
    .select(productSummaryColumns)
    .from(recentlyViewed)
    .innerJoin(products, eq(products.id, recentlyViewed.productId))
    .where(and(eq(recentlyViewed.customerId, customerId), eq(products.isActive, true)))
    .orderBy(desc(recentlyViewed.viewedAt), desc(products.id))
    .limit(RECENTLY_VIEWED_MAX);
  return summarizeProducts(db, rows, lang);
}

/**
 * Adds products the customer opened (the first the newest: a browser's list merged at sign-in,
 * or the one product just opened), skipping those not on sale, and keeps the newest 20.
 */
export async function addViewed(
  db: Executor,
  customerId: number,
  body: RecentlyViewedBody,
  lang: Lang,
): Promise<ProductSummary[]> {
  const ids = [...new Set(body.product_ids)];
  if (ids.length > 0) {
    const onSale = await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.isActive, true)));
    const known = new Set(onSale.map((r) => r.id));
    const values = ids
      .filter((id) => known.has(id))
      .map((productId, i) => ({
        customerId,
        productId,
        // each a millisecond before the one ahead of it, so the list keeps the order it came in
        viewedAt: sql`now() - make_interval(secs => ${i / 1000})`,
      }));
    if (values.length > 0) {
      await db
        .insert(recentlyViewed)
        .values(values)
        .onConflictDoUpdate({
          target: [recentlyViewed.customerId, recentlyViewed.productId],
          set: { viewedAt: sql`excluded.viewed_at` },
        });
    }
    const kept = db
      .select({ id: recentlyViewed.productId })
      .from(recentlyViewed)
      .where(eq(recentlyViewed.customerId, customerId))
      .orderBy(desc(recentlyViewed.viewedAt))
      .limit(RECENTLY_VIEWED_MAX);
    await db
      .delete(recentlyViewed)
      .where(
        and(eq(recentlyViewed.customerId, customerId), notInArray(recentlyViewed.productId, kept)),
      );
  }
  return listViewed(db, customerId, lang);
}
