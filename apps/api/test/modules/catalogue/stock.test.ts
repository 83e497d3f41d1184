import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { products } from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import {
  OutOfStockError,
  releaseStock,
  reserveStock,
  type StockItem,
  stockOf,
} from '../../../src/modules/catalogue/stock.ts';
import { itRaces, openTestDatabase } from '../../helpers/database.ts';
import { createCategory, createProduct } from '../../helpers/factories.ts';

describe('stock', () => {
  let database: DatabaseHandle;
  let categoryId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    categoryId = (await createCategory(database.db)).id;
  });
  afterAll(() => database.close());

  const product = (stock: number, names?: { nameUz: string; nameRu: string }) =>
    createProduct(database.db, { categoryId, stock, ...names });
  const reserve = (items: StockItem[]) =>
    inTransaction(database.db, (tx) => reserveStock(tx, items));
  const release = (items: StockItem[]) =>
    inTransaction(database.db, (tx) => releaseStock(tx, items));
  const left = async (id: number) => stockOf(database.db, id);

  it('takes the units asked for, a product named twice counted once', async () => {
    const phone = await product(10);
    const tv = await product(3);
    await reserve([
      { productId: phone.id, count: 2 },
      { productId: tv.id, count: 3 },
      { productId: phone.id, count: 1 },
    ]);
    expect(await left(phone.id)).toBe(7);
    expect(await left(tv.id)).toBe(0);
  });

  it('takes nothing when one product is short, and names every product short', async () => {
    const phone = await product(10);
    const tv = await product(1, { nameUz: 'Televizor', nameRu: 'Телевизор' });
    const fridge = await product(0, { nameUz: 'Muzlatgich', nameRu: 'Холодильник' });
    const error = await reserve([
      { productId: fridge.id, count: 1 },
      { productId: phone.id, count: 4 },
      { productId: tv.id, count: 2 },
      { productId: 2_000_000_000, count: 1 },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutOfStockError);
    expect((error as OutOfStockError).shortages).toEqual([
      { productId: tv.id, nameUz: 'Televizor', nameRu: 'Телевизор', requested: 2, available: 1 },
      {
        productId: fridge.id,
        nameUz: 'Muzlatgich',
        nameRu: 'Холодильник',
        requested: 1,
        available: 0,
      },
      { productId: 2_000_000_000, nameUz: '', nameRu: '', requested: 1, available: 0 },
    ]);
    expect(await left(phone.id)).toBe(10);
    expect(await left(tv.id)).toBe(1);
  });

  it('leaves nothing taken even for a caller that catches the error and commits', async () => {
    const phone = await product(5);
    const tv = await product(0);
    await inTransaction(database.db, async (tx) => {
      await reserveStock(tx, [
        { productId: phone.id, count: 1 },
        { productId: tv.id, count: 1 },
      ]).catch((e: unknown) => {
        if (!(e instanceof OutOfStockError)) throw e;
      });
    });
    expect(await left(phone.id)).toBe(5);
  });

  it('gives units back', async () => {
    const phone = await product(1);
    await reserve([{ productId: phone.id, count: 1 }]);
    await release([
      { productId: phone.id, count: 1 },
      { productId: phone.id, count: 2 },
    ]);
    expect(await left(phone.id)).toBe(3);
  });

  it('refuses a count that is not a whole number above 0', async () => {
    const phone = await product(5);
    for (const count of [0, -1, 1.5, Number.NaN]) {
      await expect(reserve([{ productId: phone.id, count }])).rejects.toThrow(RangeError);
      await expect(release([{ productId: phone.id, count }])).rejects.toThrow(RangeError);
    }
    expect(await left(phone.id)).toBe(5);
  });

  it('never lets the table hold a stock below zero', async () => {
    const phone = await product(1);
    await expect(
      database.db
        .update(products)
        .set({ stock: sql`${products.stock} - 2` })
        .where(eq(products.id, phone.id)),
    ).rejects.toThrow();
    expect(await left(phone.id)).toBe(1);
  });

  itRaces('sells the last unit to one of two customers buying it at once', async () => {
    const phone = await product(1);
    const results = await Promise.allSettled([
      reserve([{ productId: phone.id, count: 1 }]),
      reserve([{ productId: phone.id, count: 1 }]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(OutOfStockError);
    expect(await left(phone.id)).toBe(0);
  });

  itRaces('sells the last two units to two of ten customers buying at once', async () => {
    const phone = await product(2);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => reserve([{ productId: phone.id, count: 1 }])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await left(phone.id)).toBe(0);
  });

  itRaces('serves two baskets naming the same products in opposite orders', async () => {
    const phone = await product(10);
    const tv = await product(10);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        reserve(
          i % 2 === 0
            ? [
                { productId: phone.id, count: 1 },
                { productId: tv.id, count: 1 },
              ]
            : [
                { productId: tv.id, count: 1 },
                { productId: phone.id, count: 1 },
              ],
        ),
      ),
    );
    expect(await left(phone.id)).toBe(4);
    expect(await left(tv.id)).toBe(4);
  });
});
