import {
  type Lang,
  longestTariff,
  monthlyPayment,
  type ProductSummary,
  type TariffTerms,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { pick } from '../../lib/lang.ts';
import {
  listActiveTariffs,
  listTagsOf,
  type ProductSummaryRow,
  type TagRow,
} from './repository.ts';

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
  const unread = rows.filter((r) => r.tags === undefined).map((r) => r.id);
  const [longest, tagRows] = await Promise.all([findLongestTariff(db), listTagsOf(db, unread)]);
  const tagsByProduct = new Map<number, ProductSummary['tags']>();
  const add = (productId: number, t: Omit<TagRow, 'productId'>) => {
    const list = tagsByProduct.get(productId) ?? [];
    list.push({ id: t.id, name: pick(t, 'name', lang), color: t.color });
    tagsByProduct.set(productId, list);
  };
  for (const r of rows) for (const t of r.tags ?? []) add(r.id, t);
  for (const t of tagRows) add(t.productId, t);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: pick(r, 'name', lang),
    price: r.price,
    old_price: r.oldPrice,
    monthly_payment: longest ? monthlyPayment(r.price, longest) : r.price,
    images: r.images.map((path) => ({ path })),
    tags: tagsByProduct.get(r.id) ?? [],
    in_stock: r.stock > 0,
  }));
}
