import { buildSchedule, creditTotal, monthlyPayment } from '@bozor/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import {
  createBrand,
  createCategory,
  createOption,
  createProduct,
  createTag,
  createTariffs,
} from '../../helpers/factories.ts';

describe('product routes', () => {
  const ctx = useTestApp();
  let tvId: number;
  let cheapId: number;

  beforeAll(async () => {
    await createTariffs(ctx.db);
    const category = await createCategory(ctx.db, {
      slug: 'tv',
      nameUz: 'Televizorlar',
      nameRu: 'Телевизоры',
    });
    const brand = await createBrand(ctx.db, { slug: 'artel', name: 'Artel' });
    const tv = await createProduct(ctx.db, {
      categoryId: category.id,
      brandId: brand.id,
      slug: 'artel-tv-55',
      nameUz: 'Televizor Artel 55"',
      nameRu: 'Телевизор Artel 55"',
      descriptionUz: '<p>Katta ekran</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      descriptionRu: '<p>Большой экран</p>',
      price: 4_990_000,
      oldPrice: 5_990_000,
      popularity: 900,
      stock: 7,
      images: ['/media/products/tv/4.svg', '/media/products/tv/5.svg'],
    });
    tvId = tv.id;
    await createTag(ctx.db, [tv.id], { nameUz: 'Chegirma', nameRu: 'Скидка', color: '#EF4444' });
    await createOption(ctx.db, tv.id, {
      nameUz: 'Diagonal',
      nameRu: 'Диагональ',
      valueUz: '55 dyuym',
      valueRu: '55 дюймов',
    });
    const cheap = await createProduct(ctx.db, {
      categoryId: category.id,
      slug: 'cheap',
      popularity: 10,
      price: 300_000,
      stock: 0,
    });
    cheapId = cheap.id;
    await createProduct(ctx.db, {
      categoryId: category.id,
      slug: 'hidden',
      popularity: 10_000,
      isActive: false,
    });
  });

  describe('GET /api/products/famous', () => {
    it('lists products on sale, most popular first, with their monthly payment of the longest tariff', async () => {
      const res = await ctx.app.inject({ url: '/api/products/famous' });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.map((p: { slug: string }) => p.slug)).toEqual(['artel-tv-55', 'cheap']);
      expect(data[0]).toEqual({
        id: tvId,
        slug: 'artel-tv-55',
        name: 'Televizor Artel 55"',
        price: 4_990_000,
        old_price: 5_990_000,
        monthly_payment: monthlyPayment(4_990_000, { months: 12, markupPercent: 44 }),
        images: [{ path: '/media/products/tv/4.svg' }, { path: '/media/products/tv/5.svg' }],
        tags: [{ id: expect.any(Number), name: 'Chegirma', color: '#EF4444' }],
        in_stock: true,
        rating: 0,
        reviews_count: 0,
      });
      expect(data[1].old_price).toBeNull();
      expect(data[1].in_stock, 'a product with no unit left').toBe(false);
    });

    it("shows each product its own tags, whatever the tags' ids", async () => {
      // a tag on no product first, so the next tag's id is no product's id
      await createTag(ctx.db, [], { nameUz: 'Bo‘sh' });
      const fresh = await createTag(ctx.db, [cheapId], { nameUz: 'Yangi' });
      expect(fresh.id).not.toBe(cheapId);
      const res = await ctx.app.inject({ url: '/api/products/famous' });
      const tagsOf = Object.fromEntries(
        res
          .json()
          .data.map((p: { slug: string; tags: { name: string }[] }) => [
            p.slug,
            p.tags.map((t) => t.name),
          ]),
      );
      expect(tagsOf).toEqual({ 'artel-tv-55': ['Chegirma'], cheap: ['Yangi'] });
    });
  });

  describe('GET /api/products/:id', () => {
    it('returns a product by slug with options, brand, category and every tariff offer', async () => {
      const res = await ctx.app.inject({
        url: '/api/products/artel-tv-55',
        headers: { lang: 'ru' },
      });
      expect(res.statusCode).toBe(200);
      const product = res.json().data;
      expect(product).toMatchObject({
        id: tvId,
        name: 'Телевизор Artel 55"',
        code: expect.stringMatching(/^\d+$/),
        brand: { slug: 'artel', name: 'Artel' },
        category: { slug: 'tv', name: 'Телевизоры' },
        options: [{ name: 'Диагональ', value: '55 дюймов' }],
        tags: [{ name: 'Скидка' }],
        stock: 7,
        in_stock: true,
      });
      expect(product.installments.map((o: { months: number }) => o.months)).toEqual([3, 6, 9, 12]);
      const twelve = product.installments[3];
      expect(twelve.total_price).toBe(creditTotal(4_990_000, { months: 12, markupPercent: 44 }));
      expect(buildSchedule(4_990_000, { months: 12, markupPercent: 44 })[0]).toBe(
        twelve.monthly_payment,
      );
    });

    it('finds the same product by its numeric id', async () => {
      const res = await ctx.app.inject({ url: `/api/products/${tvId}` });
      expect(res.json().data.slug).toBe('artel-tv-55');
    });

    it('strips scripts and attributes from the description', async () => {
      const res = await ctx.app.inject({ url: '/api/products/artel-tv-55' });
      const { description } = res.json().data;
      expect(description).toBe('<p>Katta ekran</p>');
    });

    it('answers an unknown product with a JSON 404', async () => {
      const res = await ctx.app.inject({ url: '/api/products/not-a-product' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Mahsulot topilmadi', code: 'PRODUCT_NOT_FOUND' });
    });

    it('does not show a product that is off sale', async () => {
      const res = await ctx.app.inject({ url: '/api/products/hidden' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('GET /api/products/stock', () => {
    it("answers a visitor's basket as it is now: in the order asked, with the units left, without what is off sale", async () => {
      const hidden = await ctx.app.inject({ url: '/api/products/hidden' });
      expect(hidden.statusCode).toBe(404);
      const res = await ctx.app.inject({
        url: `/api/products/stock?ids=${cheapId},999999,${tvId},${cheapId}`,
        headers: { lang: 'ru' },
      });
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .data.map((p: { id: number; stock: number; in_stock: boolean; name: string }) => [
            p.id,
            p.stock,
            p.in_stock,
          ]),
      ).toEqual([
        [cheapId, 0, false],
        [tvId, 7, true],
      ]);
      expect(res.json().data[1]).toMatchObject({ name: 'Телевизор Artel 55"', price: 4_990_000 });
    });

    it('refuses ids that are not a list of product ids, or too many of them', async () => {
      for (const ids of [
        '',
        'a',
        '1,,2',
        '-1',
        '0',
        Array.from({ length: 101 }, (_, i) => i + 1).join(','),
      ]) {
        const res = await ctx.app.inject({ url: `/api/products/stock?ids=${ids}` });
        expect(res.statusCode, ids.slice(0, 20)).toBe(400);
        expect(res.json()).toMatchObject({ code: expect.any(String) });
      }
      expect((await ctx.app.inject({ url: '/api/products/stock' })).statusCode).toBe(400);
    });
  });
});
