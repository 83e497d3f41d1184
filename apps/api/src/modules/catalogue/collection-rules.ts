/**
 * Collections by rule: the products a rule finds, the most popular first, up to its limit. The
 * storefront and the back office read them the same way, so what staff see is what buyers get.
 */
import type { CollectionRule } from '@bozor/shared';
import { CollectionRule as RuleSchema } from '@bozor/shared';
import { and, asc, desc, eq, gt, gte, inArray, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, productTags } from '../../db/schema/index.ts';
import { listShownCategories } from './repository.ts';

/** The rule stored with a collection, or null for one chosen by hand (or an unreadable rule). */
export function ruleOf(stored: unknown): CollectionRule | null {
  if (stored == null) return null;
  const parsed = RuleSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The ids of a category and every category under it among the shown ones; none when hidden. */
function shownSubtree(
  rows: readonly { id: number; parentId: number | null }[],
  rootId: number,
): number[] {
  if (!rows.some((r) => r.id === rootId)) return [];
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const r of rows) if (r.parentId === ids[i]) ids.push(r.id);
  }
  return ids;
}

/**
 * The ids of the products the rule shows, in its order: on sale, in a shown category, matching
 * every condition. A rule naming a hidden or deleted category finds nothing.
 */
export async function ruleProductIds(db: Executor, rule: CollectionRule): Promise<number[]> {
  const { shown, hidden } = await listShownCategories(db);
  const where: SQL[] = [eq(products.isActive, true)];
  if (hidden.length > 0) where.push(notInArray(products.categoryId, hidden));
  if (rule.category_id !== undefined) {
    const ids = shownSubtree(shown, rule.category_id);
    if (ids.length === 0) return [];
    where.push(inArray(products.categoryId, ids));
  }
  if (rule.brand_id !== undefined) where.push(eq(products.brandId, rule.brand_id));
  if (rule.tag_id !== undefined) {
    where.push(
      sql`exists (select 1 from ${productTags} where ${productTags.productId} = ${products.id} and ${productTags.tagId} = ${rule.tag_id})`,
    );
  }
  if (rule.min_price !== undefined) where.push(gte(products.price, rule.min_price));
  if (rule.max_price !== undefined) where.push(lte(products.price, rule.max_price));
  if (rule.in_stock) where.push(gt(products.stock, 0));
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(...where))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(rule.limit);
  return rows.map((r) => r.id);
}
