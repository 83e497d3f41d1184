import type { ProductInput } from '@bozor/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import {
  createAttribute,
  createBrand,
  createCategory,
  createCollection,
  createColor,
  createProduct,
  createTag,
  createTariffs,
} from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';
import { within } from '../../helpers/within.ts';

const MB = 1024 * 1024;

describe('back office: products', () => {
  // a response cache like production's, so a write is seen to drop the storefront's kept answers
  const ctx = useTestApp({ responseCacheBytes: 8 * MB });
  let owner: StaffBrowser;
  let editor: StaffBrowser;
  let phones: { id: number; slug: string };
  let android: { id: number; slug: string };
  let tvs: { id: number };
  let samsung: { id: number };
  let galaxy: { id: number; slug: string; code: string };
  let hiddenPhone: { id: number };
  let tag: { id: number };
  let color: { id: number };
  let valueIds: number[];
  let collection: { id: number };

  const get = (url: string, who: StaffBrowser = editor) =>
    ctx.app.inject({ method: 'GET', url, headers: as(who) });
  const send = (
    method: 'POST' | 'PATCH',
    url: string,
    payload: unknown,
    who: StaffBrowser = editor,
  ) => ctx.app.inject({ method, url, headers: as(who), payload: payload as object });
  const ids = (res: { json: () => { data: { id: number }[] } }) =>
    res
      .json()
      .data.map((p) => p.id)
      .sort((a, b) => a - b);

  const input = (overrides: Partial<ProductInput> = {}): ProductInput => ({
    name_uz: 'Redmi Note 13',
    name_ru: 'Redmi Note 13',
    description_uz: '<p>Yaxshi telefon</p>',
    description_ru: '<p>Хороший телефон</p>',
    code: 'RN13-256',
    slug: '',
    price: 3_200_000,
    old_price: null,
    stock: 5,
    category_id: android.id,
    brand_id: null,
    color_id: null,
    tag_ids: [],
    attribute_value_ids: [],
    collection_ids: [],
    is_active: true,
    images: ['/media/products/smartphone/4.svg'],
    ikpu: null,
    package_code: null,
    units: null,
    vat_percent: null,
    size_class: 'standard',
    ...overrides,
  });

  beforeAll(async () => {
    await createTariffs(ctx.db);
    owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    editor = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    // the shop fiscalises its sales: a product on sale takes its category's IKPU
    phones = await createCategory(ctx.db, {
      slug: 'phones',
      nameUz: 'Telefonlar',
      nameRu: 'Телефоны',
      ikpu: '08517001001000000',
      packageCode: '1505727',
    });
    android = await createCategory(ctx.db, {
      slug: 'android',
      parentId: phones.id,
      nameUz: 'Android',
      nameRu: 'Андроид',
    });
    tvs = await createCategory(ctx.db, {
      slug: 'tvs',
      nameUz: 'Televizorlar',
      nameRu: 'Телевизоры',
      ikpu: '08528001001000000',
      packageCode: '1505727',
    });
    samsung = await createBrand(ctx.db, { slug: 'samsung', name: 'Samsung' });
    galaxy = await createProduct(ctx.db, {
      categoryId: android.id,
      brandId: samsung.id,
      slug: 'samsung-galaxy-a55',
      code: 'SM-A556',
      nameUz: 'Samsung Galaxy A55',
      nameRu: 'Samsung Galaxy A55',
      price: 4_500_000,
      stock: 3,
    });
    hiddenPhone = await createProduct(ctx.db, {
      categoryId: phones.id,
      nameUz: 'Nokia 3310',
      nameRu: 'Nokia 3310',
      code: 'NOK-3310',
      price: 400_000,
      stock: 0,
      isActive: false,
    });
    await createProduct(ctx.db, {
      categoryId: tvs.id,
      nameUz: 'Televizor Artel',
      nameRu: 'Телевизор Artel',
      code: 'ART-TV-43',
      price: 2_900_000,
      stock: 9,
    });
    tag = await createTag(ctx.db, []);
    color = await createColor(ctx.db);
    ({ valueIds } = await createAttribute(
      ctx.db,
      { slug: 'memory', nameUz: 'Xotira', nameRu: 'Память' },
      [
        { valueUz: '128 GB', valueRu: '128 ГБ' },
        { valueUz: '256 GB', valueRu: '256 ГБ' },
      ],
    ));
    collection = await createCollection(ctx.db, [galaxy.id]);
  });

  describe('GET /api/admin/products', () => {
    it('lists every product, hidden ones too, newest first, paged on the server', async () => {
      const res = await get('/api/admin/products?per_page=2');
      expect(res.statusCode).toBe(200);
      expect(res.json().meta).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
      const all = await get('/api/admin/products');
      const galaxyRow = all.json().data.find((p: { id: number }) => p.id === galaxy.id);
      expect(galaxyRow).toMatchObject({
        code: 'SM-A556',
        name_uz: 'Samsung Galaxy A55',
        price: 4_500_000,
        stock: 3,
        brand: { id: samsung.id, name: 'Samsung' },
        category: { id: android.id, name_ru: 'Андроид' },
        is_active: true,
        category_active: true,
        image: expect.stringMatching(/^\/media\//),
      });
    });

    it('finds a Latin name by a Cyrillic query, as the shop search does, and a SKU by its start', async () => {
      expect(ids(await get(`/api/admin/products?q=${encodeURIComponent('самсунг а55')}`))).toEqual([
        galaxy.id,
      ]);
      expect(ids(await get(`/api/admin/products?q=${encodeURIComponent('Нокиа')}`))).toEqual([
        hiddenPhone.id,
      ]);
      expect(ids(await get('/api/admin/products?q=sm-a5'))).toEqual([galaxy.id]);
      expect(
        ids(await get(`/api/admin/products?q=${encodeURIComponent(`#${galaxy.id}`)}`)),
      ).toEqual([galaxy.id]);
      expect((await get('/api/admin/products?q=iphone')).json().data).toEqual([]);
    });

    it('filters by category with those under it, brand, stock, visibility and price', async () => {
      expect(ids(await get(`/api/admin/products?category_id=${phones.id}`))).toEqual([
        galaxy.id,
        hiddenPhone.id,
      ]);
      expect(ids(await get(`/api/admin/products?category_id=${android.id}`))).toEqual([galaxy.id]);
      expect(ids(await get(`/api/admin/products?brand_id=${samsung.id}`))).toEqual([galaxy.id]);
      expect(ids(await get('/api/admin/products?in_stock=no'))).toEqual([hiddenPhone.id]);
      expect((await get('/api/admin/products?in_stock=yes')).json().meta.total).toBe(2);
      expect(ids(await get('/api/admin/products?hidden=yes'))).toEqual([hiddenPhone.id]);
      expect((await get('/api/admin/products?hidden=no')).json().meta.total).toBe(2);
      expect(
        ids(await get('/api/admin/products?price_min=1000000&price_max=3000000')),
      ).toHaveLength(1);
      const cheapFirst = await get('/api/admin/products?sort=price_asc');
      expect(cheapFirst.json().data[0].id).toBe(hiddenPhone.id);
    });

    it('refuses a filter it cannot read on its field', async () => {
      const res = await get('/api/admin/products?in_stock=maybe&price_min=-5');
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(['in_stock', 'price_min']);
    });
  });

  describe('GET /api/admin/products/form-options and /attributes', () => {
    it('offers categories (hidden too) in tree order, brands, colours, tags and hand-picked collections', async () => {
      const res = await get('/api/admin/products/form-options');
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      const order = data.categories.map((c: { id: number }) => c.id);
      expect(order.indexOf(android.id)).toBe(order.indexOf(phones.id) + 1);
      expect(data.categories.find((c: { id: number }) => c.id === android.id).depth).toBe(1);
      expect(data.brands).toContainEqual({ id: samsung.id, name: 'Samsung' });
      expect(data.collections.map((c: { id: number }) => c.id)).toContain(collection.id);
      expect(data.tags.map((t: { id: number }) => t.id)).toContain(tag.id);
    });

    it("puts the attributes a category's products use first", async () => {
      await send('PATCH', `/api/admin/products/${galaxy.id}`, {
        ...input({ code: 'SM-A556', name_uz: 'Samsung Galaxy A55', name_ru: 'Samsung Galaxy A55' }),
        slug: galaxy.slug,
        price: 4_500_000,
        stock: 3,
        brand_id: samsung.id,
        attribute_value_ids: [valueIds[0]!],
        collection_ids: [collection.id],
      });
      const res = await get(`/api/admin/products/attributes?category_id=${phones.id}`);
      expect(res.json().data[0]).toMatchObject({
        name_ru: 'Память',
        in_category: true,
        values: [
          { id: valueIds[0], value_uz: '128 GB' },
          { id: valueIds[1], value_uz: '256 GB' },
        ],
      });
      const tv = await get(`/api/admin/products/attributes?category_id=${tvs.id}`);
      expect(tv.json().data[0].in_category).toBe(false);
    });
  });

  describe('POST /api/admin/products', () => {
    it('creates a product with its links, a slug from the name and a cleaned description, audited', async () => {
      const res = await send(
        'POST',
        '/api/admin/products',
        input({
          description_uz: '<p>Yaxshi</p><script>alert(1)</script><img src=x onerror=alert(1)>',
          old_price: 3_500_000,
          brand_id: samsung.id,
          color_id: color.id,
          tag_ids: [tag.id],
          attribute_value_ids: [valueIds[1]!],
          collection_ids: [collection.id],
          size_class: 'bulky',
        }),
      );
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        slug: 'redmi-note-13',
        description_uz: '<p>Yaxshi</p>',
        old_price: 3_500_000,
        tag_ids: [tag.id],
        attribute_value_ids: [valueIds[1]],
        collection_ids: [collection.id],
        color_id: color.id,
        size_class: 'bulky',
      });
      const shop = await ctx.app.inject({ url: '/api/products/redmi-note-13' });
      expect(shop.statusCode).toBe(200);
      expect(shop.json().data).toMatchObject({ price: 3_200_000, size_class: 'bulky' });

      const again = await send(
        'POST',
        '/api/admin/products',
        input({ code: 'RN13-512', name_uz: 'Redmi Note 13!' }),
      );
      expect(again.statusCode).toBe(200);
      expect(again.json().data.slug).toBe('redmi-note-13-2');

      const audit = await get(`/api/admin/audit?object_type=product&object_id=${data.id}`, owner);
      expect(audit.json().data).toEqual([
        expect.objectContaining({
          action: 'product.create',
          staff_id: editor.staffId,
          before: null,
          after: expect.objectContaining({ code: 'RN13-256', price: 3_200_000 }),
        }),
      ]);
    });

    it('answers every broken rule on its own field', async () => {
      const res = await send('POST', '/api/admin/products', {
        ...input(),
        name_uz: '  ',
        code: 'bad code!',
        slug: 'Not A Slug',
        price: 0,
        stock: -1,
        old_price: 100,
        images: ['https://elsewhere.example/x.png', '/media/../secret'],
      });
      expect(res.statusCode).toBe(400);
      const { errors } = res.json();
      expect(Object.keys(errors).sort()).toEqual(
        ['code', 'images.0', 'images.1', 'name_uz', 'price', 'slug', 'stock'].sort(),
      );
      expect(errors.code[0]).toMatch(/Artikul/);

      const oldPrice = await send('POST', '/api/admin/products', input({ old_price: 3_000_000 }));
      expect(oldPrice.statusCode).toBe(400);
      expect(Object.keys(oldPrice.json().errors)).toEqual(['old_price']);

      const size = await send('POST', '/api/admin/products', {
        ...input(),
        size_class: 'huge',
      });
      expect(size.statusCode).toBe(400);
      expect(size.json().errors).toEqual({ size_class: [expect.stringMatching(/bulky/)] });

      const ru = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: { ...as(editor), lang: 'ru' },
        payload: input({
          code: 'X-1',
          category_id: 999_999,
          tag_ids: [999_999],
          brand_id: 999_999,
        }),
      });
      expect(ru.statusCode).toBe(422);
      expect(ru.json().errors).toEqual({
        category_id: ['Выберите категорию'],
        brand_id: ['Такого бренда нет'],
        tag_ids: ['Такого ярлыка нет'],
      });
    });

    it('refuses a SKU or a slug another product has, naming the field', async () => {
      const sku = await send('POST', '/api/admin/products', input({ code: 'SM-A556' }));
      expect(sku.statusCode).toBe(409);
      expect(Object.keys(sku.json().errors)).toEqual(['code']);
      const slug = await send(
        'POST',
        '/api/admin/products',
        input({ code: 'NEW-1', slug: 'samsung-galaxy-a55' }),
      );
      expect(slug.statusCode).toBe(409);
      expect(Object.keys(slug.json().errors)).toEqual(['slug']);
    });
  });

  describe('PATCH /api/admin/products/:id', () => {
    it('changes the price the shop shows, its kept answer dropped by the database', async () => {
      const made = await send(
        'POST',
        '/api/admin/products',
        input({ code: 'EDIT-1', name_uz: 'Poco X6' }),
      );
      const { id, slug } = made.json().data;
      const url = `/api/products/${slug}`;
      expect((await ctx.app.inject({ url })).json().data.price).toBe(3_200_000);
      await within(2_000, async () => (await ctx.app.inject({ url })).headers['x-cache'] === 'hit');

      const res = await send('PATCH', `/api/admin/products/${id}`, {
        ...input({ code: 'EDIT-1', name_uz: 'Poco X6' }),
        price: 2_990_000,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ price: 2_990_000, slug });
      await within(1_000, async () => {
        const shop = await ctx.app.inject({ url });
        return shop.json().data.price === 2_990_000;
      });

      const audit = await get(`/api/admin/audit?object_type=product&object_id=${id}`, owner);
      expect(audit.json().data[0]).toMatchObject({
        action: 'product.update',
        before: expect.objectContaining({ price: 3_200_000 }),
        after: expect.objectContaining({ price: 2_990_000 }),
      });
    });

    it('answers 404 for a product that does not exist', async () => {
      const res = await send('PATCH', '/api/admin/products/999999', input({ code: 'NONE-1' }));
      expect(res.statusCode).toBe(404);
    });
  });

  describe('POST /api/admin/products/bulk', () => {
    it('hides products: the shop answers 404 and their category list no longer holds them', async () => {
      const made = await send(
        'POST',
        '/api/admin/products',
        input({ code: 'HIDE-1', name_uz: 'Vivo Y36' }),
      );
      const { id, slug } = made.json().data;
      const list = `/api/category-products/${android.slug}`;
      const listed = async () =>
        (await ctx.app.inject({ url: list })).json().data.map((p: { id: number }) => p.id);
      expect(await listed()).toContain(id);
      expect((await ctx.app.inject({ url: `/api/products/${slug}` })).statusCode).toBe(200);

      const res = await send('POST', '/api/admin/products/bulk', {
        ids: [id],
        change: { type: 'hide' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ changed: 1 });
      await within(1_000, async () => {
        const shop = await ctx.app.inject({ url: `/api/products/${slug}` });
        return shop.statusCode === 404 && !(await listed()).includes(id);
      });

      const shown = await send('POST', '/api/admin/products/bulk', {
        ids: [id],
        change: { type: 'show' },
      });
      expect(shown.statusCode).toBe(200);
      await within(
        1_000,
        async () => (await ctx.app.inject({ url: `/api/products/${slug}` })).statusCode === 200,
      );
    });

    it('changes prices by percent rounded half up to whole thousands of sum, in one audited entry', async () => {
      const a = await createProduct(ctx.db, { categoryId: tvs.id, price: 1_234_567 });
      const b = await createProduct(ctx.db, {
        categoryId: tvs.id,
        price: 995_000,
        oldPrice: 1_050_000,
      });
      const c = await createProduct(ctx.db, { categoryId: tvs.id, price: 1_000, oldPrice: 5_000 });
      const res = await send('POST', '/api/admin/products/bulk', {
        ids: [a.id, b.id, c.id],
        change: { type: 'price_percent', percent: 10 },
      });
      expect(res.statusCode).toBe(200);
      const price = async (id: number) => (await get(`/api/admin/products/${id}`)).json().data;
      // 1 358 023.7 → 1 358 000; 1 094 500 → 1 095 000 (half up); 1 100 → 1 000
      expect(await price(a.id)).toMatchObject({ price: 1_358_000, old_price: null });
      // an old price no longer above the new one is cleared
      expect(await price(b.id)).toMatchObject({ price: 1_095_000, old_price: null });
      expect(await price(c.id)).toMatchObject({ price: 1_000, old_price: 5_000 });

      const cut = await send('POST', '/api/admin/products/bulk', {
        ids: [a.id],
        change: { type: 'price_percent', percent: -90 },
      });
      expect(cut.statusCode).toBe(200);
      expect((await price(a.id)).price).toBe(136_000);

      const audit = await get('/api/admin/audit?object_type=product', owner);
      const entry = audit
        .json()
        .data.find(
          (e: { action: string; after: { change: { percent: number } } }) =>
            e.action === 'product.bulk.price_percent' && e.after.change.percent === 10,
        );
      expect(entry).toMatchObject({
        object_id: [a.id, b.id, c.id].sort((x, y) => x - y).join(','),
        before: { ids: [a.id, b.id, c.id] },
        after: { change: { type: 'price_percent', percent: 10 } },
      });
    });

    it('changes nothing when one new price would fall out of range, and says which field', async () => {
      const a = await createProduct(ctx.db, { categoryId: tvs.id, price: 5_000_000 });
      const b = await createProduct(ctx.db, { categoryId: tvs.id, price: 500_000 });
      const res = await send('POST', '/api/admin/products/bulk', {
        ids: [a.id, b.id],
        change: { type: 'price_amount', amount: -1_000_000 },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['change.amount']);
      expect((await get(`/api/admin/products/${a.id}`)).json().data.price).toBe(5_000_000);

      const bad = await send('POST', '/api/admin/products/bulk', {
        ids: [a.id],
        change: { type: 'price_percent', percent: 900 },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['change.percent']);
    });

    it('sets stock and moves products to a category', async () => {
      const a = await createProduct(ctx.db, { categoryId: tvs.id, stock: 2 });
      const stock = await send('POST', '/api/admin/products/bulk', {
        ids: [a.id],
        change: { type: 'set_stock', stock: 40 },
      });
      expect(stock.statusCode).toBe(200);
      const moved = await send('POST', '/api/admin/products/bulk', {
        ids: [a.id],
        change: { type: 'move', category_id: android.id },
      });
      expect(moved.statusCode).toBe(200);
      expect((await get(`/api/admin/products/${a.id}`)).json().data).toMatchObject({
        stock: 40,
        category_id: android.id,
      });
      const missing = await send('POST', '/api/admin/products/bulk', {
        ids: [a.id, 999_999],
        change: { type: 'hide' },
      });
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors)).toEqual(['ids']);
      expect((await get(`/api/admin/products/${a.id}`)).json().data.is_active).toBe(true);
    });
  });

  describe('who may', () => {
    it('keeps a content manager out of orders, credits and customers', async () => {
      for (const url of [
        '/api/admin/orders',
        '/api/admin/credits/portfolio',
        '/api/admin/credits/1',
        '/api/admin/customers',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(403);
      }
    });

    it('lets an operator and a viewer read products but not write them', async () => {
      for (const role of ['operator', 'viewer'] as const) {
        const who = await signedInStaff(ctx.app, ctx.db, role);
        expect((await get('/api/admin/products', who)).statusCode).toBe(200);
        const write = await send('POST', '/api/admin/products', input({ code: `R-${role}` }), who);
        expect(write.statusCode).toBe(403);
      }
    });
  });
});
