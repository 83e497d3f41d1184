import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import {
  createCategory,
  createCollection,
  createProduct,
  createTariffs,
} from '../../helpers/factories.ts';

type Listed = { slug: string };
const slugs = (list: Listed[]) => list.map((p) => p.slug);

describe('collections, similar products and special lists', () => {
  const ctx = useTestApp();
  let phoneId: number;
  let hiddenCollectionId: number;

  beforeAll(async () => {
    const db = ctx.db;
    await createTariffs(db);
    const root = await createCategory(db, { slug: 'electronics', isTop: true });
    const phones = await createCategory(db, { slug: 'phones', parentId: root.id });
    const android = await createCategory(db, { slug: 'android', parentId: phones.id });
    const iphones = await createCategory(db, { slug: 'iphones', parentId: phones.id });
    const phone = await createProduct(db, {
      slug: 'a15',
      categoryId: android.id,
      price: 2_000_000,
      oldPrice: 2_500_000,
      popularity: 50,
    });
    phoneId = phone.id;
    const a25 = await createProduct(db, {
      slug: 'a25',
      categoryId: android.id,
      price: 3_000_000,
      popularity: 90,
    });
    const iphone = await createProduct(db, {
      slug: 'iphone-15',
      categoryId: iphones.id,
      price: 12_000_000,
      oldPrice: 13_000_000,
      popularity: 70,
    });
    await createProduct(db, {
      slug: 'off',
      categoryId: android.id,
      isActive: false,
      popularity: 99,
    });

    const hidden = await createCollection(db, [phone.id], {
      slug: 'hidden',
      nameUz: 'Yashirin',
      nameRu: 'Скрытая',
      isActive: false,
    });
    hiddenCollectionId = hidden.id;
    await createCollection(db, [phone.id, iphone.id], {
      slug: 'haftaning-chegirmalari',
      nameUz: 'Haftaning chegirmalari',
      nameRu: 'Скидки недели',
      position: 0,
    });
    await createCollection(db, [a25.id, iphone.id, phone.id], {
      slug: 'eng-kop-sotilgan',
      nameUz: "Eng ko'p sotilganlar",
      nameRu: 'Хиты продаж',
      position: 1,
    });
    await createCollection(db, [iphone.id, a25.id, phone.id], {
      slug: 'yangi-kelganlar',
      nameUz: 'Yangi kelganlar',
      nameRu: 'Новинки',
      position: 2,
    });
  });

  describe('GET /api/collections', () => {
    it('lists the active collections with their product counts in the requested language', async () => {
      const res = await ctx.app.inject({ url: '/api/collections', headers: { lang: 'ru' } });
      expect(res.statusCode).toBe(200);
      const list = res.json().data as { slug: string; name: string; products_count: number }[];
      expect(list.map((c) => c.name)).toEqual(['Скидки недели', 'Хиты продаж', 'Новинки']);
      expect(list.find((c) => c.slug === 'haftaning-chegirmalari')?.products_count).toBe(2);
      expect(list.find((c) => c.slug === 'eng-kop-sotilgan')?.products_count).toBe(3);
    });
  });

  describe('GET /api/products/collection/:id', () => {
    it('answers products.data and products.meta, by slug or id', async () => {
      const bySlug = await ctx.app.inject({ url: '/api/products/collection/eng-kop-sotilgan' });
      expect(bySlug.statusCode).toBe(200);
      const body = bySlug.json();
      expect(body.data).toMatchObject({ slug: 'eng-kop-sotilgan', name: "Eng ko'p sotilganlar" });
      expect(slugs(body.products.data)).toEqual(['a25', 'iphone-15', 'a15']);
      expect(body.products.meta).toEqual({ current_page: 1, last_page: 1, per_page: 24, total: 3 });

      const byId = await ctx.app.inject({
        url: `/api/products/collection/${body.data.id}?sort=cheap`,
      });
      expect(slugs(byId.json().products.data)).toEqual(['a15', 'a25', 'iphone-15']);
    });

    it('filters a collection like any list', async () => {
      const res = await ctx.app.inject({
        url: '/api/products/collection/eng-kop-sotilgan?price_from=2500000&price_to=5000000',
      });
      expect(slugs(res.json().products.data)).toEqual(['a25']);
    });

    it('is a 404 for an unknown or inactive collection', async () => {
      for (const id of ['no-such', String(hiddenCollectionId)]) {
        const res = await ctx.app.inject({ url: `/api/products/collection/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('COLLECTION_NOT_FOUND');
      }
    });

    it('rejects a bad sort with a field error', async () => {
      const res = await ctx.app.inject({ url: '/api/products/collection/eng-kop-sotilgan?sort=x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.sort).toBeDefined();
    });
  });

  it('GET /api/products/collection-filters/:id answers the price range of the collection', async () => {
    const res = await ctx.app.inject({
      url: '/api/products/collection-filters/haftaning-chegirmalari',
    });
    expect(res.json().data.prices).toEqual({ min: 2_000_000, max: 12_000_000 });
  });

  describe('GET /api/products/similar/:id', () => {
    it('widens to the parent category when the own category holds too few, never itself', async () => {
      const res = await ctx.app.inject({ url: `/api/products/similar/${phoneId}` });
      expect(res.statusCode).toBe(200);
      expect(slugs(res.json().data)).toEqual(['a25', 'iphone-15']);
      expect(res.json().meta.total).toBe(2);
    });

    it('is a 404 for an unknown product and a 400 for a bad id', async () => {
      expect((await ctx.app.inject({ url: '/api/products/similar/999999' })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: '/api/products/similar/abc' })).statusCode).toBe(400);
    });

    it('has a filter panel', async () => {
      const res = await ctx.app.inject({ url: `/api/products/similar-filters/${phoneId}` });
      expect(res.json().data.prices).toEqual({ min: 3_000_000, max: 12_000_000 });
    });
  });

  describe('GET /api/products/list/:slug', () => {
    it('lists popular products', async () => {
      const res = await ctx.app.inject({ url: '/api/products/list/famous' });
      expect(slugs(res.json().data)).toEqual(['a25', 'iphone-15', 'a15']);
    });

    it('lists only discounted products, biggest discount first with sort=discount', async () => {
      const res = await ctx.app.inject({ url: '/api/products/list/discount?sort=discount' });
      expect(slugs(res.json().data)).toEqual(['a15', 'iphone-15']);
      const filters = await ctx.app.inject({ url: '/api/products/list-filters/discount' });
      expect(filters.json().data.prices).toEqual({ min: 2_000_000, max: 12_000_000 });
    });

    it('is a 400 for an unknown list', async () => {
      const res = await ctx.app.inject({ url: '/api/products/list/whatever' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.slug).toBeDefined();
    });
  });
});
