import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import {
  createBrand,
  createCategory,
  createCollection,
  createProduct,
  createTariffs,
} from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

type Node = { id: number; slug: string; children: Node[] };
const slugsOf = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.slug, ...slugsOf(n.children)]);

// A category hidden in the back office takes itself and everything under it out of the shop:
// the tree, its pages, every product list, search and the sitemap.
describe('a hidden category in the storefront', () => {
  const ctx = useTestApp();
  let manager: StaffBrowser;
  const ids = { root: 0, shown: 0, hidden: 0, under: 0, brand: 0 };
  const products = { shown: 0, hidden: 0, under: 0 };

  beforeAll(async () => {
    manager = await signedInStaff(ctx.app, ctx.db, 'owner');
    await createTariffs(ctx.db);
    const root = await createCategory(ctx.db, { slug: 'hid-root', isTop: true });
    const shown = await createCategory(ctx.db, {
      slug: 'hid-shown',
      parentId: root.id,
      nameUz: 'Zarbob ochiq',
    });
    const hidden = await createCategory(ctx.db, {
      slug: 'hid-hidden',
      parentId: root.id,
      nameUz: 'Zarbob yashirin',
    });
    const under = await createCategory(ctx.db, { slug: 'hid-under', parentId: hidden.id });
    const brand = await createBrand(ctx.db, { slug: 'hid-brand' });
    Object.assign(ids, {
      root: root.id,
      shown: shown.id,
      hidden: hidden.id,
      under: under.id,
      brand: brand.id,
    });
    const make = (categoryId: number, slug: string, name: string, popularity: number) =>
      createProduct(ctx.db, {
        categoryId,
        slug,
        brandId: brand.id,
        nameUz: name,
        nameRu: name,
        popularity,
        price: 2_000_000,
        oldPrice: 2_500_000,
      });
    products.shown = (await make(shown.id, 'hid-p-shown', 'Zarbob chiroq', 10)).id;
    products.hidden = (await make(hidden.id, 'hid-p-hidden', 'Zarbob lampa', 20)).id;
    products.under = (await make(under.id, 'hid-p-under', 'Zarbob fonar', 30)).id;
    await createCollection(ctx.db, [products.under, products.shown], { slug: 'hid-collection' });

    const hide = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/categories/${hidden.id}`,
      headers: as(manager),
      payload: { is_active: false },
    });
    expect(hide.statusCode).toBe(200);
  });

  const get = (url: string) => ctx.app.inject({ url, headers: { lang: 'uz' } });
  const listed = async (url: string) =>
    ((await get(url)).json().data as { slug: string }[]).map((p) => p.slug);

  it('leaves it and its subcategories out of the tree, but keeps the shown ones', async () => {
    const all = slugsOf((await get('/api/categories/all')).json().data);
    expect(all).toEqual(expect.arrayContaining(['hid-root', 'hid-shown']));
    expect(all).not.toContain('hid-hidden');
    expect(all).not.toContain('hid-under');
    const top = slugsOf((await get('/api/categories/top')).json().data);
    expect(top).toContain('hid-shown');
    expect(top).not.toContain('hid-hidden');
  });

  it('answers 404 for its page and its subcategories’ pages and lists', async () => {
    for (const slug of ['hid-hidden', 'hid-under']) {
      expect((await get(`/api/categories/${slug}`)).statusCode, slug).toBe(404);
      expect((await get(`/api/category-products/${slug}`)).statusCode, slug).toBe(404);
    }
    expect((await get('/api/products/hid-p-under')).statusCode).toBe(404);
    expect((await get('/api/products/hid-p-shown')).statusCode).toBe(200);
  });

  it('leaves its products out of every list: the parent, brand, collection, famous, discount', async () => {
    expect(await listed('/api/category-products/hid-root')).toEqual(['hid-p-shown']);
    const root = (await get('/api/category-products/hid-root')).json();
    expect(root.meta.total).toBe(1);
    expect(await listed('/api/brand-products/hid-brand')).toEqual(['hid-p-shown']);
    const collection = (await get('/api/products/collection/hid-collection')).json();
    expect(collection.products.data.map((p: { slug: string }) => p.slug)).toEqual(['hid-p-shown']);
    const famous = await listed('/api/products/famous');
    expect(famous).toContain('hid-p-shown');
    expect(famous).not.toContain('hid-p-hidden');
    expect(famous).not.toContain('hid-p-under');
    const discount = await listed('/api/products/list/discount');
    expect(discount).not.toContain('hid-p-under');
    const brands = (await get('/api/brands')).json().data as {
      slug: string;
      products_count: number;
    }[];
    expect(brands.find((b) => b.slug === 'hid-brand')?.products_count).toBe(1);
    const collections = (await get('/api/collections')).json().data as {
      slug: string;
      products_count: number;
    }[];
    expect(collections.find((c) => c.slug === 'hid-collection')?.products_count).toBe(1);
  });

  it('leaves its products and itself out of search and its filters', async () => {
    const found = (await get('/api/search?query=zarbob')).json().data;
    expect(found.products.data.map((p: { slug: string }) => p.slug)).toEqual(['hid-p-shown']);
    expect(found.products.meta.total).toBe(1);
    expect(found.categories.map((c: { id: number }) => c.id)).toEqual([ids.shown]);
    const filters = (await get('/api/search/filters?search=zarbob')).json().data;
    expect(filters.brands.find((b: { slug: string }) => b.slug === 'hid-brand')?.count).toBe(1);
  });

  it('leaves it and its products out of the sitemap', async () => {
    const categories = (await get('/sitemaps/categories-1.xml')).body;
    expect(categories).toContain('hid-shown');
    expect(categories).not.toContain('hid-hidden');
    expect(categories).not.toContain('hid-under');
    const list = (await get('/sitemaps/products-1.xml')).body;
    expect(list).toContain('hid-p-shown');
    expect(list).not.toContain('hid-p-hidden');
    expect(list).not.toContain('hid-p-under');
  });

  it('brings everything back when shown again', async () => {
    const show = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/categories/${ids.hidden}`,
      headers: as(manager),
      payload: { is_active: true },
    });
    expect(show.statusCode).toBe(200);
    expect((await listed('/api/category-products/hid-root')).sort()).toEqual([
      'hid-p-hidden',
      'hid-p-shown',
      'hid-p-under',
    ]);
    expect((await get('/api/categories/hid-under')).statusCode).toBe(200);
  });
});
