import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import {
  createBrand,
  createCategory,
  createProduct,
  createTag,
  createTariffs,
} from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

type Listed = { slug: string };

describe('collections in the back office and the shop', () => {
  const ctx = useTestApp();
  let manager: StaffBrowser;
  const ids = { phones: 0, android: 0, brand: 0, tag: 0 };
  const slugsOf = (list: Listed[]) => list.map((p) => p.slug);

  beforeAll(async () => {
    manager = await signedInStaff(ctx.app, ctx.db, 'owner');
    await createTariffs(ctx.db);
    const phones = await createCategory(ctx.db, { slug: 'col-phones' });
    const android = await createCategory(ctx.db, { slug: 'col-android', parentId: phones.id });
    const tvs = await createCategory(ctx.db, { slug: 'col-tvs' });
    const brand = await createBrand(ctx.db, { slug: 'col-brand' });
    const product = (slug: string, over: Parameters<typeof createProduct>[1]) =>
      createProduct(ctx.db, { slug, ...over });
    const a = await product('col-a', {
      categoryId: android.id,
      brandId: brand.id,
      price: 2_000_000,
      popularity: 50,
    });
    await product('col-b', { categoryId: android.id, price: 5_000_000, popularity: 90 });
    await product('col-c', {
      categoryId: phones.id,
      brandId: brand.id,
      price: 1_500_000,
      popularity: 70,
      stock: 0,
    });
    await product('col-off', {
      categoryId: android.id,
      brandId: brand.id,
      isActive: false,
      popularity: 99,
    });
    await product('col-tv', {
      categoryId: tvs.id,
      brandId: brand.id,
      price: 9_000_000,
      popularity: 80,
    });
    const tag = await createTag(ctx.db, [a.id], { nameUz: 'Xit', nameRu: 'Хит' });
    Object.assign(ids, { phones: phones.id, android: android.id, brand: brand.id, tag: tag.id });
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...as(manager), lang: 'ru' },
      ...(payload ? { payload } : {}),
    });
  const shop = (url: string) => ctx.app.inject({ url, headers: { lang: 'uz' } });
  const productId = async (slug: string) =>
    (await shop(`/api/products/${slug}`)).json().data.id as number;

  it('keeps a collection chosen by hand: products added, reordered and removed at once', async () => {
    const made = await call('POST', '/product-collections', {
      name_uz: 'Tanlangan',
      name_ru: 'Избранное',
      slug: 'col-hand',
      position: 3,
    });
    expect(made.statusCode).toBe(201);
    const collection = made.json().data;
    expect(collection).toMatchObject({ rule: null, product_count: 0, is_active: true });

    const [a, b, tv] = await Promise.all(['col-a', 'col-b', 'col-tv'].map(productId));
    const set = await call('POST', `/product-collections/${collection.id}/products`, {
      product_ids: [tv, a, b],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.map((p: { id: number }) => p.id)).toEqual([tv, a, b]);
    const reordered = await call('POST', `/product-collections/${collection.id}/products`, {
      product_ids: [b, tv],
    });
    expect(reordered.json().data.map((p: { id: number }) => p.id)).toEqual([b, tv]);
    const unknown = await call('POST', `/product-collections/${collection.id}/products`, {
      product_ids: [b, 2_000_000_000],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.product_ids).toBeDefined();

    const page = (await shop('/api/products/collection/col-hand?sort=famous')).json();
    // the shop sorts them as asked: the most popular first
    expect(slugsOf(page.products.data)).toEqual(['col-b', 'col-tv']);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'collection.products'),
          eq(auditLog.objectId, String(collection.id)),
        ),
      );
    expect(entry?.after).toEqual([tv, a, b]);
  });

  it('shows a rule collection the products its rule finds, most popular first, up to its limit', async () => {
    const made = await call('POST', '/product-collections', {
      name_uz: 'Telefonlar brendi',
      name_ru: 'Телефоны бренда',
      slug: 'col-rule',
      rule: { category_id: ids.phones, brand_id: ids.brand, limit: 10 },
    });
    expect(made.statusCode).toBe(201);
    const collection = made.json().data;
    // the brand's phones, the subcategory's too; not the TV, not the one off sale
    expect(collection).toMatchObject({ product_count: 2, rule: { limit: 10 } });
    const found = await call('GET', `/product-collections/${collection.id}/products`);
    expect(found.json().data.map((p: { code: string; id: number }) => p.id)).toEqual(
      await Promise.all(['col-c', 'col-a'].map(productId)),
    );

    const page = (await shop('/api/products/collection/col-rule')).json();
    expect(slugsOf(page.products.data).sort()).toEqual(['col-a', 'col-c']);
    const filters = (await shop('/api/products/collection-filters/col-rule')).json().data;
    expect(filters.prices).toEqual({ min: 1_500_000, max: 2_000_000 });
    const home = (await shop('/api/collections')).json().data as {
      slug: string;
      products_count: number;
    }[];
    expect(home.find((c) => c.slug === 'col-rule')?.products_count).toBe(2);

    // narrowed: in stock only, and a limit of one
    const narrowed = await call('PATCH', `/product-collections/${collection.id}`, {
      rule: { category_id: ids.phones, in_stock: true, limit: 1 },
    });
    expect(narrowed.statusCode).toBe(200);
    expect(slugsOf((await shop('/api/products/collection/col-rule')).json().products.data)).toEqual(
      ['col-b'],
    );
    const priced = await call('PATCH', `/product-collections/${collection.id}`, {
      rule: { min_price: 1_000_000, max_price: 2_500_000, tag_id: ids.tag, limit: 5 },
    });
    expect(priced.json().data.product_count).toBe(1);
    expect(slugsOf((await shop('/api/products/collection/col-rule')).json().products.data)).toEqual(
      ['col-a'],
    );

    // a rule's products are not set by hand
    const byHand = await call('POST', `/product-collections/${collection.id}/products`, {
      product_ids: [],
    });
    expect(byHand.statusCode).toBe(400);
  });

  it('refuses a rule that names what does not exist or a price range the wrong way round', async () => {
    const base = { name_uz: 'Q', name_ru: 'П', slug: 'col-bad' };
    const missing = await call('POST', '/product-collections', {
      ...base,
      rule: { brand_id: 2_000_000, limit: 5 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors['rule.brand_id']).toBeDefined();
    const backwards = await call('POST', '/product-collections', {
      ...base,
      rule: { min_price: 5, max_price: 1, limit: 5 },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors['rule.max_price']).toBeDefined();
    const noLimit = await call('POST', '/product-collections', { ...base, rule: {} });
    expect(noLimit.statusCode).toBe(400);
  });

  it('hides a collection from the shop, finds products for the picker, deletes it', async () => {
    const made = (
      await call('POST', '/product-collections', {
        name_uz: 'Yashirin',
        name_ru: 'Скрытая',
        slug: 'col-hidden',
        is_active: false,
      })
    ).json().data;
    expect((await shop('/api/products/collection/col-hidden')).statusCode).toBe(404);
    const listed = (await call('GET', '/product-collections')).json().data as Listed[];
    expect(slugsOf(listed)).toContain('col-hidden');

    const picked = (
      await call('GET', `/product-collections/picker?q=${encodeURIComponent('Mahsulot')}`)
    ).json().data;
    expect(picked.length).toBeGreaterThan(0);
    expect(picked[0]).toHaveProperty('code');

    expect((await call('DELETE', `/product-collections/${made.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/product-collections/${made.id}`)).statusCode).toBe(404);
  });
});
