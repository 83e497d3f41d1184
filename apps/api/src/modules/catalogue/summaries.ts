import {
  type Lang,
  longestTariff,
  monthlyPayment,
  ProductSummary,
  type TariffTerms,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { pick } from '../../lib/lang.ts';
import { remembered } from './remembered.ts';
import {
  listActiveTariffs,
  listTagIdsOf,
  listTags,
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

/** What a card shows beyond its product's row: the tags and the longest tariff's terms. */
export interface CardContext {
  longest: TariffTerms | undefined;
  tags: ReadonlyMap<number, TagRow>;
}

/**
 * The tags and the longest tariff the cards are made with, the same object until either changes
 * (both are remembered until the catalogue announces a change), so cards made with it can be kept.
 */
export function cardContext(db: Executor): Promise<CardContext> {
  return remembered(db, 'card-context', async () => {
    const [longest, tags] = await Promise.all([findLongestTariff(db), listTags(db)]);
    return { longest, tags };
  });
}

/** A product row as its card shows it; `tagIds` the row's own when it was read with them. */
export function summaryOf(
  r: ProductSummaryRow,
  context: CardContext,
  lang: Lang,
  tagIds: readonly number[] = r.tagIds ?? [],
): ProductSummary {
  return {
    id: r.id,
    slug: r.slug,
    name: pick(r, 'name', lang),
    price: r.price,
    old_price: r.oldPrice,
    monthly_payment: context.longest ? monthlyPayment(r.price, context.longest) : r.price,
    images: r.images.map((path) => ({ path })),
    tags: tagIds.flatMap((id) => {
      const tag = context.tags.get(id);
      return tag ? [{ id: tag.id, name: pick(tag, 'name', lang), color: tag.color }] : [];
    }),
    in_stock: r.stock > 0,
    rating: r.rating,
    reviews_count: r.ratingCount,
  };
}

/**
 * A card as the answers' JSON text, checked against the contract as it is written: an answer made
 * of such texts (search, kept cards) sends them as they are.
 */
export function cardText(summary: ProductSummary): string {
  return JSON.stringify(ProductSummary.encode(summary));
}

/** Product rows as the cards show them, with their tags and the longest tariff's payment. */
export async function summarizeProducts(
  db: Executor,
  rows: ProductSummaryRow[],
  lang: Lang,
): Promise<ProductSummary[]> {
  const unread = rows.filter((r) => r.tagIds === undefined).map((r) => r.id);
  const [context, tagRows] = await Promise.all([cardContext(db), listTagIdsOf(db, unread)]);
  const tagIdsOf = new Map<number, number[]>();
  for (const t of tagRows) {
    const ids = tagIdsOf.get(t.productId);
    if (ids) ids.push(t.tagId);
    else tagIdsOf.set(t.productId, [t.tagId]);
  }
  return rows.map((r) => summaryOf(r, context, lang, r.tagIds ?? tagIdsOf.get(r.id) ?? []));
}
