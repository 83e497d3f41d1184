import {
  type Lang,
  longestTariff,
  monthlyPayment,
  type ProductSummary,
  type TariffTerms,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { pick } from '../../lib/lang.ts';
import { listActiveTariffs, listTagIdsOf, listTags, type ProductSummaryRow } from './repository.ts';

// The catalogue's product cards, the one piece of it other modules use: favorites, the basket
// and search select `productSummaryColumns` from `products` and shape the rows here.
export { type ProductSummaryRow, productSummaryColumns } from './repository.ts';

/** The longest active tariff: cards and the basket show its monthly payment. */
export async function findLongestTariff(db: Executor): Promise<TariffTerms | undefined> {
  return longestTariff(await listActiveTariffs(db));
}

/** Product rows as the cards show them, with their tags and the longest tariff's payment. */
export async function summarizeProducts(
  db: Executor,
  rows: ProductSummaryRow[],
  lang: Lang,
): Promise<ProductSummary[]> {
  const unread = rows.filter((r) => r.tagIds === undefined).map((r) => r.id);
  const [longest, allTags, tagRows] = await Promise.all([
    findLongestTariff(db),
    listTags(db),
    listTagIdsOf(db, unread),
  ]);
  const tagIdsOf = new Map<number, number[]>();
  for (const t of tagRows) {
    const ids = tagIdsOf.get(t.productId);
    if (ids) ids.push(t.tagId);
    else tagIdsOf.set(t.productId, [t.tagId]);
  }
  const tagsOf = (r: ProductSummaryRow): ProductSummary['tags'] =>
    (r.tagIds ?? tagIdsOf.get(r.id) ?? []).flatMap((id) => {
      const tag = allTags.get(id);
      return tag ? [{ id: tag.id, name: pick(tag, 'name', lang), color: tag.color }] : [];
    });
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: pick(r, 'name', lang),
    price: r.price,
    old_price: r.oldPrice,
    monthly_payment: longest ? monthlyPayment(r.price, longest) : r.price,
    images: r.images.map((path) => ({ path })),
    tags: tagsOf(r),
    in_stock: r.stock > 0,
  }));
}
