import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import {
  createBrand,
  createCategory,
  createProduct,
  createTariffs,
} from '../../helpers/factories.ts';

/**
 * A category's list is read from its listings (migration 0015), which follow the products and
 * the category tree in the same transaction as their changes.
 */
describe('the listings behind a category list', () => {
  const ctx = useTestApp();
  let root: { id: number; slug: string };
  let leaf: { id: number; slug: string };
  let other: { id: number; slug: string };
  let brand: { id: number; slug: string };
  let ids: [number, number, number];

  const slugsOf = async (slug: string, query = '') => {
    const res = await ctx.app.inject({ url: `/api/category-products/${slug}${query}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return {
      slugs: body.data.map((p: { slug: string }) => p.slug) as string[],
      total: body.meta.total as number,
    };
  };

  beforeAll(async () => {
    await createTariffs(ctx.db);
    root = await createCategory(ctx.db);
    leaf = await createCategory(ctx.db, { parentId: root.id });
    other = await createCategory(ctx.db);
    brand = await createBrand(ctx.db);
    const made = [];
    for (const [i, price] of [3_000, 1_000, 2_000].entries()) {
      made.push(
        await createProduct(ctx.db, {
          categoryId: leaf.id,
          slug: `listed-${i}`,
          price,
          popularity: 10 * (i + 1),
          brandId: i === 0 ? brand.id : null,
        }),
      );
    }
    ids = made.map((p) => p.id) as [number, number, number];
  });

  it('lists a subcategory’s products under each ancestor, in every order', async () => {
    expect(await slugsOf(root.slug, '?sort=cheap')).toEqual({
      slugs: ['listed-1', 'listed-2', 'listed-0'],
      total: 3,
    });
    expect((await slugsOf(leaf.slug, '?sort=expensive')).slugs).toEqual([
      'listed-0',
      'listed-2',
      'listed-1',
    ]);
    expect((await slugsOf(root.slug)).slugs).toEqual(['listed-2', 'listed-1', 'listed-0']);
    expect(await slugsOf(root.slug, `?brands=${brand.slug}&price_from=2500`)).toEqual({
      slugs: ['listed-0'],
      total: 1,
    });
    expect(await slugsOf(other.slug)).toEqual({ slugs: [], total: 0 });
  });

  it('follows a price, a discount and a product hidden in the same transaction', async () => {
    const [first, second, third] = ids;
    await ctx.db.update(products).set({ price: 500 }).where(eq(products.id, first));
    expect((await slugsOf(root.slug, '?sort=cheap')).slugs[0]).toBe('listed-0');

    await ctx.db.update(products).set({ oldPrice: 4_000 }).where(eq(products.id, third));
    expect((await slugsOf(root.slug, '?sort=discount')).slugs[0]).toBe('listed-2');

    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, second));
    expect(await slugsOf(root.slug, '?sort=cheap')).toEqual({
      slugs: ['listed-0', 'listed-2'],
      total: 2,
    });
  });

  it('moves a category’s products with the category to its new parent', async () => {
    await ctx.db.update(categories).set({ parentId: other.id }).where(eq(categories.id, leaf.id));
    expect((await slugsOf(other.slug)).total).toBe(2);
    expect(await slugsOf(root.slug)).toEqual({ slugs: [], total: 0 });
  });
});
