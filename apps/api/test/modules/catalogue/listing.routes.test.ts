import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import {
  assignValues,
  createAttribute,
  createBrand,
  createCategory,
  createColor,
  createProduct,
  createTariffs,
} from '../../helpers/factories.ts';

type Listed = { slug: string; price: number };
const slugs = (body: { data: Listed[] }) => body.data.map((p) => p.slug);

describe('category and brand product lists', () => {
  const ctx = useTestApp();
  let memory: number[];

  beforeAll(async () => {
    const db = ctx.db;
    await createTariffs(db);
    const phones = await createCategory(db, {
      slug: 'phones',
      nameUz: 'Telefonlar',
      nameRu: 'Телефоны',
    });
    const smart = await createCategory(db, { slug: 'smart', parentId: phones.id });
    const android = await createCategory(db, { slug: 'android', parentId: smart.id });
    const tvs = await createCategory(db, { slug: 'tvs' });
    const samsung = await createBrand(db, { slug: 'samsung', name: 'Samsung' });
    const xiaomi = await createBrand(db, { slug: 'xiaomi', name: 'Xiaomi' });
    await createBrand(db, { slug: 'artel', name: 'Artel' });
    const black = await createColor(db, {
      slug: 'black',
      nameUz: 'Qora',
      nameRu: 'Чёрный',
      hex: '#111111',
    });
    const white = await createColor(db, {
      slug: 'white',
      nameUz: 'Oq',
      nameRu: 'Белый',
      hex: '#FFFFFF',
    });
    ({ valueIds: memory } = await createAttribute(
      db,
      { slug: 'memory', nameUz: 'Xotira', nameRu: 'Память' },
      [
        { valueUz: '128 GB', valueRu: '128 ГБ' },
        { valueUz: '256 GB', valueRu: '256 ГБ' },
      ],
    ));

    const a = await createProduct(db, {
      slug: 'galaxy-a',
      categoryId: android.id,
      brandId: samsung.id,
      colorId: black.id,
      price: 3_000_000,
      oldPrice: 4_000_000,
      popularity: 50,
    });
    const b = await createProduct(db, {
      slug: 'redmi-b',
      categoryId: android.id,
      brandId: xiaomi.id,
      colorId: white.id,
      price: 2_000_000,
      popularity: 90,
    });
    const c = await createProduct(db, {
      slug: 'galaxy-c',
      categoryId: smart.id,
      brandId: samsung.id,
      colorId: white.id,
      price: 9_000_000,
      oldPrice: 9_500_000,
      popularity: 10,
    });
    await createProduct(db, {
      slug: 'tv-d',
      categoryId: tvs.id,
      brandId: samsung.id,
      price: 5_000_000,
    });
    await createProduct(db, {
      slug: 'off-e',
      categoryId: android.id,
      price: 1_000,
      isActive: false,
    });
    await assignValues(db, a.id, [memory[0]!]);
    await assignValues(db, b.id, [memory[1]!]);
    await assignValues(db, c.id, [memory[1]!]);
  });

  describe('GET /api/category-products/:categoryId', () => {
    it('lists the products of the category and all its descendants, most popular first', async () => {
      const res = await ctx.app.inject({ url: '/api/category-products/phones' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(slugs(body)).toEqual(['redmi-b', 'galaxy-a', 'galaxy-c']);
      expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 24, total: 3 });
      expect(body.data[0].monthly_payment).toBeGreaterThan(0);
    });

    it('sorts cheaper first, more expensive first and by discount', async () => {
      const get = async (sort: string) =>
        slugs((await ctx.app.inject({ url: `/api/category-products/phones?sort=${sort}` })).json());
      expect(await get('cheap')).toEqual(['redmi-b', 'galaxy-a', 'galaxy-c']);
      expect(await get('expensive')).toEqual(['galaxy-c', 'galaxy-a', 'redmi-b']);
      expect(await get('discount')).toEqual(['galaxy-a', 'galaxy-c', 'redmi-b']);
    });

    it('combines price range, brand, colour and attribute filters', async () => {
      const inject = (q: string) => ctx.app.inject({ url: `/api/category-products/phones?${q}` });
      expect(slugs((await inject('brands=samsung')).json())).toEqual(['galaxy-a', 'galaxy-c']);
      expect(slugs((await inject('brands=samsung,xiaomi&price_to=3000000')).json())).toEqual([
        'redmi-b',
        'galaxy-a',
      ]);
      expect(slugs((await inject('colors=white&price_from=2500000')).json())).toEqual(['galaxy-c']);
      expect(slugs((await inject(`filters=${memory[1]}`)).json())).toEqual(['redmi-b', 'galaxy-c']);
      expect(
        slugs((await inject(`filters=${memory[0]},${memory[1]}&brands=samsung`)).json()),
      ).toEqual(['galaxy-a', 'galaxy-c']);
    });

    it('pages the list and answers a page past the end with no products and true meta', async () => {
      const first = (
        await ctx.app.inject({ url: '/api/category-products/phones?per_page=2' })
      ).json();
      expect(slugs(first)).toEqual(['redmi-b', 'galaxy-a']);
      expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
      const past = (
        await ctx.app.inject({ url: '/api/category-products/phones?per_page=2&page=9' })
      ).json();
      expect(past.data).toEqual([]);
      expect(past.meta).toEqual({ current_page: 9, last_page: 2, per_page: 2, total: 3 });
    });

    it.each([
      ['sort=newest', 'sort'],
      ['page=0', 'page'],
      ['per_page=500', 'per_page'],
      ['price_from=-5', 'price_from'],
      ['price_from=900&price_to=100', 'price_from'],
      ['brands=Bad%20Slug', 'brands.0'],
      ['filters=abc', 'filters.0'],
    ])('rejects %s with a 400 naming the field', async (query, field) => {
      const res = await ctx.app.inject({ url: `/api/category-products/phones?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().errors)).toContain(field);
    });

    it('rejects unknown brands, colours and filter values instead of ignoring them', async () => {
      const brand = await ctx.app.inject({
        url: '/api/category-products/phones?brands=nokia',
        headers: { lang: 'ru' },
      });
      expect(brand.statusCode).toBe(400);
      expect(brand.json()).toMatchObject({
        code: 'UNKNOWN_BRAND',
        errors: { brands: ['Такого бренда нет: nokia'] },
      });
      const color = await ctx.app.inject({ url: '/api/category-products/phones?colors=purple' });
      expect(color.json().errors.colors).toHaveLength(1);
      const value = await ctx.app.inject({ url: '/api/category-products/phones?filters=999999' });
      expect(value.json().code).toBe('UNKNOWN_FILTER');
    });

    it('answers an unknown category with 404', async () => {
      const res = await ctx.app.inject({ url: '/api/category-products/nowhere' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CATEGORY_NOT_FOUND');
    });
  });

  describe('category filter panels', () => {
    it('GET /api/categories/filters-all/:id counts brands, colours and attribute values of the subtree', async () => {
      const res = await ctx.app.inject({
        url: '/api/categories/filters-all/phones',
        headers: { lang: 'ru' },
      });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.prices).toEqual({ min: 2_000_000, max: 9_000_000 });
      expect(data.brands).toEqual([
        { id: expect.any(Number), slug: 'samsung', name: 'Samsung', logo: null, count: 2 },
        { id: expect.any(Number), slug: 'xiaomi', name: 'Xiaomi', logo: null, count: 1 },
      ]);
      expect(data.colors.map((c: { slug: string; count: number }) => [c.slug, c.count])).toEqual([
        ['white', 2],
        ['black', 1],
      ]);
      expect(data.filters).toEqual([
        {
          id: expect.any(Number),
          slug: 'memory',
          name: 'Память',
          values: [
            { id: memory[0], name: '128 ГБ', count: 1 },
            { id: memory[1], name: '256 ГБ', count: 2 },
          ],
        },
      ]);
    });

    it('GET /api/categories/prices/:id and /brands/:id answer for a leaf category', async () => {
      const prices = await ctx.app.inject({ url: '/api/categories/prices/android' });
      expect(prices.json().data).toEqual({ min: 2_000_000, max: 3_000_000 });
      const brands = await ctx.app.inject({ url: '/api/categories/brands/android' });
      expect(brands.json().data.map((b: { slug: string }) => b.slug)).toEqual([
        'samsung',
        'xiaomi',
      ]);
    });

    it('gives an empty category a zero price range, not an error', async () => {
      const empty = await createCategory(ctx.db, { slug: 'empty-shelf' });
      const res = await ctx.app.inject({ url: `/api/categories/filters-all/${empty.id}` });
      expect(res.json().data).toEqual({
        prices: { min: 0, max: 0 },
        brands: [],
        colors: [],
        filters: [],
      });
    });
  });

  describe('brands', () => {
    it('GET /api/brands lists brands alphabetically with their product counts, 30 a page', async () => {
      const res = await ctx.app.inject({ url: '/api/brands?page=1' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(
        body.data.map((b: { slug: string; products_count: number }) => [b.slug, b.products_count]),
      ).toEqual([
        ['artel', 0],
        ['samsung', 3],
        ['xiaomi', 1],
      ]);
      expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 30, total: 3 });
    });

    it('GET /api/brand-products/:slug lists and filters the products of a brand', async () => {
      const res = await ctx.app.inject({ url: '/api/brand-products/samsung?sort=cheap' });
      expect(slugs(res.json())).toEqual(['galaxy-a', 'tv-d', 'galaxy-c']);
      const filtered = await ctx.app.inject({
        url: '/api/brand-products/samsung?price_to=5000000&colors=black',
      });
      expect(slugs(filtered.json())).toEqual(['galaxy-a']);
    });

    it('GET /api/brands/filters/:slug and /api/brands/:slug describe one brand', async () => {
      const filters = await ctx.app.inject({ url: '/api/brands/filters/samsung' });
      expect(filters.json().data.prices).toEqual({ min: 3_000_000, max: 9_000_000 });
      const brand = await ctx.app.inject({ url: '/api/brands/samsung' });
      expect(brand.json().data).toEqual({
        id: expect.any(Number),
        slug: 'samsung',
        name: 'Samsung',
        logo: null,
      });
    });

    it('answers an unknown brand with 404', async () => {
      for (const url of [
        '/api/brands/nokia',
        '/api/brand-products/nokia',
        '/api/brands/filters/nokia',
      ]) {
        const res = await ctx.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('BRAND_NOT_FOUND');
      }
    });
  });
});
