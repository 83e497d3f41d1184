import {
  type BasketInfo,
  type BasketLine,
  basketSizeClass,
  type Lang,
  monthlyPayment,
  type ProductSummary,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findLongestTariff, stockOf, summarizeProducts } from '../catalogue/index.ts';
import * as repo from './repository.ts';

async function requireOnSale(db: Executor, productId: number): Promise<void> {
  if (!(await repo.productsOnSale(db, [productId])).has(productId)) {
    throw notFound('PRODUCT_NOT_FOUND');
  }
}

/** A basket takes no more units than are left; nothing is kept for it until checkout. */
async function requireInStock(db: Executor, productId: number, count: number): Promise<void> {
  const stock = (await stockOf(db, productId)) ?? 0;
  if (stock === 0) throw new AppError('PRODUCT_OUT_OF_STOCK', 422);
  if (stock < count) throw new AppError('NOT_ENOUGH_STOCK', 422);
}

export async function listFavorites(
  db: Executor,
  customerId: number,
  lang: Lang,
): Promise<ProductSummary[]> {
  return summarizeProducts(db, await repo.listFavorites(db, customerId), lang);
}

export async function addFavorite(db: Executor, customerId: number, productId: number) {
  await requireOnSale(db, productId);
  await repo.addFavorites(db, customerId, [productId]);
}

export async function removeFavorite(db: Executor, customerId: number, productId: number) {
  if (!(await repo.removeFavorite(db, customerId, productId))) {
    throw notFound('FAVORITE_NOT_FOUND');
  }
}

/** A wish list kept in the browser before sign-in joins the account's; stale ids are skipped. */
export async function mergeFavorites(
  db: Executor,
  customerId: number,
  productIds: number[],
  lang: Lang,
) {
  const onSale = await repo.productsOnSale(db, productIds);
  const ordered = [...new Set(productIds)].filter((id) => onSale.has(id));
  await repo.addFavorites(db, customerId, ordered);
  return listFavorites(db, customerId, lang);
}

export async function listBasket(
  db: Executor,
  customerId: number,
  lang: Lang,
): Promise<BasketLine[]> {
  const rows = await repo.listBasket(db, customerId);
  const summaries = await summarizeProducts(db, rows, lang);
  return rows.map((row, i) => ({
    id: row.lineId,
    product_id: row.id,
    count: row.count,
    checked: row.checked,
    product: summaries[i]!,
    stock: row.stock,
  }));
}

export async function setBasketCount(
  db: Executor,
  customerId: number,
  input: { productId: number; count: number; checked?: boolean | undefined },
  lang: Lang,
): Promise<BasketLine> {
  await requireOnSale(db, input.productId);
  await requireInStock(db, input.productId, input.count);
  const id = await repo.setBasketCount(db, { customerId, ...input });
  const line = (await listBasket(db, customerId, lang)).find((l) => l.id === id);
  if (!line) throw new AppError('PRODUCT_NOT_FOUND', 404);
  return line;
}

export async function mergeBasket(
  db: Executor,
  customerId: number,
  items: { product_id: number; count: number; checked?: boolean | undefined }[],
  lang: Lang,
) {
  const best = new Map<number, { count: number; checked: boolean }>();
  for (const item of items) {
    const seen = best.get(item.product_id);
    best.set(item.product_id, {
      count: Math.max(seen?.count ?? 0, item.count),
      checked: (seen?.checked ?? false) || item.checked !== false,
    });
  }
  const onSale = await repo.productsOnSale(db, [...best.keys()]);
  await repo.mergeBasket(
    db,
    customerId,
    [...best].filter(([id]) => onSale.has(id)).map(([productId, line]) => ({ productId, ...line })),
  );
  await repo.capBasketCounts(db, customerId, [...onSale]);
  return listBasket(db, customerId, lang);
}

export function checkBasketLines(
  db: Executor,
  customerId: number,
  ids: number[],
  checked: boolean,
) {
  return repo.checkBasketLines(db, customerId, ids, checked);
}

export async function deleteBasketLine(db: Executor, customerId: number, id: number) {
  if ((await repo.deleteBasketLines(db, customerId, [id])) === 0) {
    throw notFound('BASKET_LINE_NOT_FOUND');
  }
}

export function deleteBasketLines(db: Executor, customerId: number, ids: number[]) {
  return repo.deleteBasketLines(db, customerId, ids);
}

/**
 * Totals of the checked lines, with the monthly payment of the longest tariff and their delivery
 * size class (bulky when any of them is).
 */
export async function basketInfo(db: Executor, customerId: number): Promise<BasketInfo> {
  const [rows, longest] = await Promise.all([
    repo.listBasket(db, customerId),
    findLongestTariff(db),
  ]);
  // a line asking for more than is left stays in the basket, outside the totals
  const checked = rows.filter((r) => r.checked && r.count <= r.stock);
  const total = checked.reduce((sum, r) => sum + r.price * r.count, 0);
  const totalOld = checked.reduce((sum, r) => sum + (r.oldPrice ?? r.price) * r.count, 0);
  return {
    lines: rows.length,
    count: checked.reduce((sum, r) => sum + r.count, 0),
    total,
    total_old_price: Math.max(total, totalOld),
    discount: Math.max(0, totalOld - total),
    monthly_payment: longest && total > 0 ? monthlyPayment(total, longest) : 0,
    months: longest?.months ?? 0,
    size_class: basketSizeClass(checked.map((r) => r.sizeClass)),
  };
}
