import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';

// The stock of products, the other part of the catalogue other modules build on: checkout takes
// units in its transaction and a cancelled or returned order gives them back.

export interface StockItem {
  productId: number;
  count: number;
}

export interface Shortage {
  productId: number;
  nameUz: string;
  nameRu: string;
  requested: number;
  /** Units left; 0 as well for a product that does not exist. */
  available: number;
}

/** Some of the products asked for are not in stock in the numbers asked; none was taken. */
export class OutOfStockError extends Error {
  readonly shortages: Shortage[];
  constructor(shortages: Shortage[]) {
    super(`out of stock: products ${shortages.map((s) => s.productId).join(', ')}`);
    this.name = 'OutOfStockError';
    this.shortages = shortages;
  }
}

/**
 * One line per product, in id order: two orders taking the same products lock their rows in the
 * same order, so they wait for each other instead of deadlocking.
 */
function linesOf(items: readonly StockItem[]): StockItem[] {
  const counts = new Map<number, number>();
  for (const { productId, count } of items) {
    if (!Number.isSafeInteger(count) || count <= 0) {
      throw new RangeError(`a stock count is a whole number above 0: ${count}`);
    }
    counts.set(productId, (counts.get(productId) ?? 0) + count);
  }
  return [...counts].sort(([a], [b]) => a - b).map(([productId, count]) => ({ productId, count }));
}

/**
 * Takes units of products, all or none: each with one conditional update, so two buyers of the
 * last unit cannot both have it (the second finds `stock >= n` false, whatever it read before).
 * Throws `OutOfStockError` naming every product short, with nothing taken.
 */
export async function reserveStock(tx: Transaction, items: readonly StockItem[]): Promise<void> {
  const lines = linesOf(items);
  if (lines.length === 0) return;
  // a savepoint: a caller that catches the error keeps none of the units taken before it
  await tx.transaction(async (savepoint) => {
    const short: StockItem[] = [];
    for (const line of lines) {
      const taken = await savepoint
        .update(products)
        .set({ stock: sql`${products.stock} - ${line.count}` })
        .where(and(eq(products.id, line.productId), gte(products.stock, line.count)))
        .returning({ id: products.id });
      if (taken.length === 0) short.push(line);
    }
    if (short.length > 0) throw new OutOfStockError(await shortagesOf(savepoint, short));
  });
}

async function shortagesOf(db: Executor, short: StockItem[]): Promise<Shortage[]> {
  const rows = await db
    .select({
      id: products.id,
      nameUz: products.nameUz,
      nameRu: products.nameRu,
      stock: products.stock,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        short.map((s) => s.productId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return short.map(({ productId, count }) => {
    const row = byId.get(productId);
    return {
      productId,
      nameUz: row?.nameUz ?? '',
      nameRu: row?.nameRu ?? '',
      requested: count,
      available: row?.stock ?? 0,
    };
  });
}

/** Gives units back (a cancelled, rejected or returned order). */
export async function releaseStock(tx: Transaction, items: readonly StockItem[]): Promise<void> {
  for (const line of linesOf(items)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.count}` })
      .where(eq(products.id, line.productId));
  }
}

/** Units left of a product; undefined when there is no such product. */
export async function stockOf(db: Executor, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}
