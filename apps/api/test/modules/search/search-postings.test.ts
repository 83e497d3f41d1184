import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { productAttributeValues, products } from '../../../src/db/schema/index.ts';
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

type Listed = { slug: string };
type Found = {
  data: { products: { data: Listed[]; meta: { total: number; last_page: number } } };
};
const slugs = (body: Found) => body.data.products.data.map((p) => p.slug);

describe('search over the catalogue', () => {
  const ctx = useTestApp();
  const find = async (query: string, extra = '') => {
    const res = await ctx.app.inject({
      url: `/api/search?query=${encodeURIComponent(query)}${extra}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Found;
  };
  const panel = async (search: string) => {
    const res = await ctx.app.inject({
      url: `/api/search/filters?search=${encodeURIComponent(search)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  let categoryId = 0;

  beforeAll(async () => {
    await createTariffs(ctx.db);
    categoryId = (await createCategory(ctx.db, { slug: 'uy', nameUz: 'Uy', nameRu: 'Дом' })).id;
  });

  describe('GET /api/search', () => {
    it('counts every match exactly, on every page and past the last one', async () => {
      for (let i = 1; i <= 60; i++) {
        await createProduct(ctx.db, {
          categoryId,
          slug: `zamok-${i}`,
          nameUz: `Zamok ${i}`,
          nameRu: `Замок ${i}`,
          popularity: i,
        });
      }
      const first = await find('zamok');
      expect(first.data.products.meta).toMatchObject({ total: 60, last_page: 3 });
      expect(slugs(first).slice(0, 2)).toEqual(['zamok-60', 'zamok-59']);
      const third = await find('замок', '&page=3');
      expect(slugs(third)).toHaveLength(12);
      expect(third.data.products.meta.total).toBe(60);
      const past = await find('zamok', '&page=4');
      expect(slugs(past)).toEqual([]);
      expect(past.data.products.meta.total).toBe(60);
    });

    it('puts the typed words as a phrase first, then the typed words anywhere', async () => {
      const lamp = (slug: string, nameUz: string, popularity: number) =>
        createProduct(ctx.db, { categoryId, slug, nameUz, nameRu: 'Светильник', popularity });
      await lamp('stol-lampa', 'Stol lampa oq', 1);
      await lamp('lampa-stol', 'Lampa stol uchun', 100);
      await lamp('stol-lampasi', 'Stol lampasi', 50);
      expect(slugs(await find('stol lampa'))).toEqual(['stol-lampa', 'lampa-stol', 'stol-lampasi']);
    });

    it('sorts the matches like any list when asked', async () => {
      const kettle = (slug: string, price: number, oldPrice: number | null, popularity: number) =>
        createProduct(ctx.db, {
          categoryId,
          slug,
          nameUz: `Choynak ${slug}`,
          nameRu: 'Чайник',
          price,
          oldPrice,
          popularity,
        });
      await kettle('k1', 300_000, null, 5);
      await kettle('k2', 100_000, 200_000, 1);
      await kettle('k3', 200_000, 250_000, 9);
      await kettle('k4', 100_000, null, 3);
      const sorted = async (sort: string) => slugs(await find('choynak', `&sort=${sort}`));
      expect(await sorted('famous')).toEqual(['k3', 'k1', 'k4', 'k2']);
      expect(await sorted('cheap')).toEqual(['k2', 'k4', 'k3', 'k1']);
      expect(await sorted('expensive')).toEqual(['k1', 'k3', 'k2', 'k4']);
      expect(await sorted('discount')).toEqual(['k2', 'k3', 'k1', 'k4']);
    });

    it('follows the catalogue as products are renamed, repriced, hidden and deleted', async () => {
      const a = await createProduct(ctx.db, {
        categoryId,
        slug: 'dazmol-a',
        nameUz: 'Dazmol A',
        nameRu: 'Утюг A',
        price: 500_000,
      });
      const b = await createProduct(ctx.db, {
        categoryId,
        slug: 'dazmol-b',
        nameUz: 'Dazmol B',
        nameRu: 'Утюг B',
        price: 400_000,
      });
      expect(slugs(await find('dazmol', '&sort=cheap'))).toEqual(['dazmol-b', 'dazmol-a']);

      await ctx.db.update(products).set({ price: 300_000 }).where(eq(products.id, a.id));
      expect(slugs(await find('dazmol', '&sort=cheap'))).toEqual(['dazmol-a', 'dazmol-b']);

      await ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, a.id));
      await ctx.db.update(products).set({ nameUz: 'Bug dazmoli B' }).where(eq(products.id, b.id));
      expect(slugs(await find('bug dazmoli'))).toEqual(['dazmol-b']);

      await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, b.id));
      expect((await find('утюг')).data.products.meta.total).toBe(1);
      await ctx.db.delete(products).where(eq(products.id, a.id));
      expect((await find('утюг')).data.products.meta.total).toBe(0);
      await ctx.db.update(products).set({ isActive: true }).where(eq(products.id, b.id));
      expect(slugs(await find('утюг'))).toEqual(['dazmol-b']);
    });

    it('narrows the matches by brand, colour, price and attribute values', async () => {
      const brand = await createBrand(ctx.db, { slug: 'polaris', name: 'Polaris' });
      const red = await createColor(ctx.db, { slug: 'red-fan' });
      const { valueIds } = await createAttribute(
        ctx.db,
        { slug: 'fan-power', nameUz: 'Quvvat', nameRu: 'Мощность' },
        [
          { valueUz: '40 W', valueRu: '40 Вт' },
          { valueUz: '60 W', valueRu: '60 Вт' },
        ],
      );
      const fan = async (slug: string, extra: Partial<typeof products.$inferInsert>) =>
        createProduct(ctx.db, {
          categoryId,
          slug,
          nameUz: `Ventilyator ${slug}`,
          nameRu: 'Вентилятор',
          ...extra,
        });
      const f1 = await fan('f1', { brandId: brand.id, colorId: red.id, price: 700_000 });
      const f2 = await fan('f2', { brandId: brand.id, price: 900_000 });
      await fan('f3', { colorId: red.id, price: 500_000 });
      await assignValues(ctx.db, f1.id, [valueIds[0]!]);
      await assignValues(ctx.db, f2.id, [valueIds[1]!]);

      const narrowed = async (extra: string) =>
        slugs(await find('ventilyator', `&sort=cheap${extra}`));
      expect(await narrowed('&brands=polaris')).toEqual(['f1', 'f2']);
      expect(await narrowed('&colors=red-fan')).toEqual(['f3', 'f1']);
      expect(await narrowed('&price_from=600000&price_to=800000')).toEqual(['f1']);
      expect(await narrowed(`&filters=${valueIds[1]}`)).toEqual(['f2']);
      expect(await narrowed(`&filters=${valueIds[0]},${valueIds[1]}`)).toEqual(['f1', 'f2']);
      const counted = await find('ventilyator', '&brands=polaris&per_page=1');
      expect(counted.data.products.meta.total).toBe(2);
    });
  });

  describe('GET /api/search/filters', () => {
    it('counts the matches per brand, colour and attribute value', async () => {
      const brand = await createBrand(ctx.db, { slug: 'tefal', name: 'Tefal' });
      const white = await createColor(ctx.db, { slug: 'white-pan', nameUz: 'Oq', nameRu: 'Белый' });
      const { attribute, valueIds } = await createAttribute(
        ctx.db,
        { slug: 'pan-size', nameUz: "O'lcham", nameRu: 'Размер' },
        [
          { valueUz: '24 sm', valueRu: '24 см' },
          { valueUz: '28 sm', valueRu: '28 см' },
        ],
      );
      const pan = (slug: string, price: number) =>
        createProduct(ctx.db, {
          categoryId,
          slug,
          nameUz: `Tova ${slug}`,
          nameRu: 'Сковорода',
          brandId: brand.id,
          colorId: white.id,
          price,
        });
      const p1 = await pan('p1', 250_000);
      const p2 = await pan('p2', 350_000);
      await pan('p3', 150_000);
      await assignValues(ctx.db, p1.id, [valueIds[0]!]);
      await assignValues(ctx.db, p2.id, [valueIds[0]!]);

      const data = await panel('сковорода');
      expect(data.prices).toEqual({ min: 150_000, max: 350_000 });
      expect(data.brands).toEqual([
        { id: brand.id, slug: 'tefal', name: 'Tefal', logo: brand.logo, count: 3 },
      ]);
      expect(data.colors).toEqual([
        { id: white.id, slug: 'white-pan', name: 'Oq', hex: '#000000', count: 3 },
      ]);
      expect(data.filters).toEqual([
        {
          id: attribute.id,
          slug: 'pan-size',
          name: "O'lcham",
          values: [{ id: valueIds[0], name: '24 sm', count: 2 }],
        },
      ]);

      await ctx.db
        .update(productAttributeValues)
        .set({ valueId: valueIds[1]! })
        .where(eq(productAttributeValues.productId, p2.id));
      const changed = await panel('tova');
      expect(changed.filters[0].values).toEqual([
        { id: valueIds[0], name: '24 sm', count: 1 },
        { id: valueIds[1], name: '28 sm', count: 1 },
      ]);
      await ctx.db
        .delete(productAttributeValues)
        .where(eq(productAttributeValues.productId, p1.id));
      expect((await panel('tova')).filters[0].values).toEqual([
        { id: valueIds[1], name: '28 sm', count: 1 },
      ]);
    });
  });
});
