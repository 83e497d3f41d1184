import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { reserveStock } from '../../../src/modules/catalogue/stock.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCategory, createProduct, createTariffs } from '../../helpers/factories.ts';

describe('the total of a category list', () => {
  const ctx = useTestApp();
  let root: { id: number; slug: string };
  let leaf: { id: number; slug: string };
  let other: { id: number; slug: string };
  let ids: number[];

  const totalOf = async (slug: string, query = '') =>
    (await ctx.app.inject({ url: `/api/category-products/${slug}${query}` })).json().meta
      .total as number;

  beforeAll(async () => {
    await createTariffs(ctx.db);
    root = await createCategory(ctx.db);
    leaf = await createCategory(ctx.db, { parentId: root.id });
    other = await createCategory(ctx.db);
    ids = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await createProduct(ctx.db, { categoryId: leaf.id, price: 1_000 * (i + 1) })).id);
    }
    await createProduct(ctx.db, { categoryId: root.id });
    await createProduct(ctx.db, { categoryId: leaf.id, isActive: false });
  });

  it('counts the active products of the category and its subcategories', async () => {
    expect(await totalOf(root.slug)).toBe(6);
    expect(await totalOf(leaf.slug)).toBe(5);
    expect(await totalOf(leaf.slug, '?price_to=2000')).toBe(2);
  });

  it('follows products moved, hidden, shown again and deleted, but not stock taken', async () => {
    const [first, second, third] = ids as [number, number, number];
    await ctx.db.update(products).set({ categoryId: other.id }).where(eq(products.id, first));
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, second));
    await inTransaction(ctx.db, (tx) => reserveStock(tx, [{ productId: third, count: 1 }]));
    expect(await totalOf(root.slug)).toBe(4);
    expect(await totalOf(other.slug)).toBe(1);

    await ctx.db.update(products).set({ isActive: true }).where(eq(products.id, second));
    await ctx.db.delete(products).where(inArray(products.id, [first, third]));
    expect(await totalOf(root.slug)).toBe(4);
    expect(await totalOf(other.slug)).toBe(0);
  });
});
