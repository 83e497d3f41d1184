import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { itRaces } from '../../helpers/database.ts';
import { createCategory, createProduct, createTariffs } from '../../helpers/factories.ts';

type Session = Awaited<ReturnType<typeof createCustomerSession>>;

describe('favorites and basket', () => {
  const ctx = useTestApp();
  let phone: { id: number };
  let tv: { id: number };
  let hidden: { id: number };
  let alice: Session;
  let bob: Session;

  const call = (
    s: Session,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...s.headers, lang: 'ru' },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    await createTariffs(ctx.db);
    const category = await createCategory(ctx.db);
    phone = await createProduct(ctx.db, {
      categoryId: category.id,
      price: 1_000_000,
      oldPrice: 1_200_000,
    });
    tv = await createProduct(ctx.db, { categoryId: category.id, price: 3_000_000 });
    hidden = await createProduct(ctx.db, { categoryId: category.id, isActive: false });
    alice = await createCustomerSession(ctx.db);
    bob = await createCustomerSession(ctx.db);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/favorites'],
      ['POST', '/api/favorites/1'],
      ['GET', '/api/baskets'],
      ['POST', '/api/baskets'],
      ['GET', '/api/baskets/info'],
      ['DELETE', '/api/baskets/1'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('favorites', () => {
    it('adds idempotently, lists newest first and removes', async () => {
      expect((await call(alice, 'POST', `/api/favorites/${phone.id}`)).json().message).toBe(
        'Добавлено в избранное',
      );
      await call(alice, 'POST', `/api/favorites/${phone.id}`);
      await call(alice, 'POST', `/api/favorites/${tv.id}`);
      const list = (await call(alice, 'GET', '/api/favorites')).json().data;
      expect(list.map((p: { id: number }) => p.id).sort()).toEqual([phone.id, tv.id].sort());
      expect((await call(alice, 'DELETE', `/api/favorites/${tv.id}`)).statusCode).toBe(200);
      expect((await call(alice, 'DELETE', `/api/favorites/${tv.id}`)).statusCode).toBe(404);
      expect((await call(bob, 'GET', '/api/favorites')).json().data).toEqual([]);
    });

    it('refuses unknown and withdrawn products', async () => {
      expect((await call(alice, 'POST', `/api/favorites/${hidden.id}`)).statusCode).toBe(404);
      expect((await call(alice, 'POST', '/api/favorites/99999999')).statusCode).toBe(404);
      expect((await call(alice, 'POST', '/api/favorites/abc')).statusCode).toBe(400);
    });

    it('merges a local list, skipping products that are gone', async () => {
      const s = await createCustomerSession(ctx.db);
      const res = await call(s, 'POST', '/api/favorites/merge', {
        product_ids: [tv.id, hidden.id, 99999999, tv.id],
      });
      expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([tv.id]);
    });

    it('keeps the order of the merged list, newest first, above what the account had', async () => {
      const s = await createCustomerSession(ctx.db);
      const category = await createCategory(ctx.db);
      const kept = await createProduct(ctx.db, { categoryId: category.id });
      await call(s, 'POST', `/api/favorites/${kept.id}`);
      const local = await Promise.all(
        Array.from({ length: 4 }, () => createProduct(ctx.db, { categoryId: category.id })),
      );
      // The browser's list with the highest id first and the lowest last, then mixed.
      const order = [local[2]!.id, local[0]!.id, local[3]!.id, local[1]!.id];
      const res = await call(s, 'POST', '/api/favorites/merge', { product_ids: order });
      expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([...order, kept.id]);
      const listed = (await call(s, 'GET', '/api/favorites')).json().data;
      expect(listed.map((p: { id: number }) => p.id)).toEqual([...order, kept.id]);
    });
  });

  describe('POST /api/baskets', () => {
    itRaces('sets the count of one line per product, even under concurrent adds', async () => {
      const s = await createCustomerSession(ctx.db);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(s, 'POST', '/api/baskets', { product_id: phone.id, count: i + 1 }),
        ),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const lines = (await call(s, 'GET', '/api/baskets')).json().data;
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ product_id: phone.id, checked: true });
    });

    it('rejects counts outside 1–99 with a field error', async () => {
      for (const count of [0, 100, 1.5, 'x']) {
        const res = await call(alice, 'POST', '/api/baskets', { product_id: phone.id, count });
        expect(res.statusCode, String(count)).toBe(400);
        expect(res.json().errors.count).toEqual(['Количество — целое число от 1 до 99']);
      }
    });

    it('refuses an unknown or withdrawn product', async () => {
      expect(
        (await call(alice, 'POST', '/api/baskets', { product_id: hidden.id, count: 1 })).statusCode,
      ).toBe(404);
    });

    it('refuses a product that is out of stock, in both languages', async () => {
      const category = await createCategory(ctx.db);
      const soldOut = await createProduct(ctx.db, { categoryId: category.id, stock: 0 });
      const ru = await call(alice, 'POST', '/api/baskets', { product_id: soldOut.id, count: 1 });
      expect(ru.statusCode).toBe(422);
      expect(ru.json()).toEqual({
        code: 'PRODUCT_OUT_OF_STOCK',
        message: 'Этого товара нет в наличии',
      });
      const uz = await ctx.app.inject({
        method: 'POST',
        url: '/api/baskets',
        headers: alice.headers,
        payload: { product_id: soldOut.id, count: 1 },
      });
      expect(uz.json()).toEqual({ code: 'PRODUCT_OUT_OF_STOCK', message: 'Bu mahsulot qolmagan' });
      const lines = (await call(alice, 'GET', '/api/baskets')).json().data;
      expect(lines.map((l: { product_id: number }) => l.product_id)).not.toContain(soldOut.id);
    });

    it('refuses more units than are left, and takes as many as are', async () => {
      const category = await createCategory(ctx.db);
      const lastTwo = await createProduct(ctx.db, { categoryId: category.id, stock: 2 });
      const three = await call(alice, 'POST', '/api/baskets', { product_id: lastTwo.id, count: 3 });
      expect(three.statusCode).toBe(422);
      expect(three.json()).toEqual({
        code: 'NOT_ENOUGH_STOCK',
        message: 'Столько этого товара нет в наличии. Уменьшите количество',
      });
      const two = await call(alice, 'POST', '/api/baskets', { product_id: lastTwo.id, count: 2 });
      expect(two.statusCode).toBe(200);
      expect(two.json().data).toMatchObject({ count: 2, product: { in_stock: true } });
    });
  });

  describe('basket lines belong to their customer', () => {
    it("never shows, marks or deletes another customer's line", async () => {
      const line = (
        await call(alice, 'POST', '/api/baskets', { product_id: tv.id, count: 2 })
      ).json().data;
      expect((await call(bob, 'DELETE', `/api/baskets/${line.id}`)).statusCode).toBe(404);
      await call(bob, 'PATCH', '/api/baskets/checked', { ids: [line.id], checked: false });
      expect((await call(bob, 'DELETE', '/api/baskets', { ids: [line.id] })).json().data).toEqual({
        deleted: 0,
      });
      const still = (await call(alice, 'GET', '/api/baskets')).json().data;
      expect(still.find((l: { id: number }) => l.id === line.id)).toMatchObject({
        count: 2,
        checked: true,
      });
    });
  });

  describe('GET /api/baskets/info', () => {
    it('sums the checked lines and gives the monthly payment of the longest tariff', async () => {
      const s = await createCustomerSession(ctx.db);
      await call(s, 'POST', '/api/baskets', { product_id: phone.id, count: 2 });
      const tvLine = (await call(s, 'POST', '/api/baskets', { product_id: tv.id, count: 1 })).json()
        .data;
      let info = (await call(s, 'GET', '/api/baskets/info')).json().data;
      expect(info).toEqual({
        lines: 2,
        count: 3,
        total: 5_000_000,
        total_old_price: 5_400_000,
        discount: 400_000,
        monthly_payment: 600_000,
        months: 12,
        size_class: 'standard',
      });
      await call(s, 'PATCH', '/api/baskets/checked', { ids: [tvLine.id], checked: false });
      info = (await call(s, 'GET', '/api/baskets/info')).json().data;
      expect(info).toMatchObject({ count: 2, total: 2_000_000, monthly_payment: 240_000 });
      await call(s, 'DELETE', `/api/baskets/${tvLine.id}`);
      await call(s, 'DELETE', '/api/baskets', {
        ids: (await call(s, 'GET', '/api/baskets')).json().data.map((l: { id: number }) => l.id),
      });
      info = (await call(s, 'GET', '/api/baskets/info')).json().data;
      expect(info).toMatchObject({ lines: 0, total: 0, monthly_payment: 0 });
    });
  });

  it('merges a local basket: the larger count wins and unknown products are skipped', async () => {
    const s = await createCustomerSession(ctx.db);
    await call(s, 'POST', '/api/baskets', { product_id: phone.id, count: 5 });
    const res = await call(s, 'POST', '/api/baskets/merge', {
      items: [
        { product_id: phone.id, count: 2 },
        { product_id: tv.id, count: 3 },
        { product_id: hidden.id, count: 1 },
      ],
    });
    const lines = res
      .json()
      .data.map((l: { product_id: number; count: number }) => [l.product_id, l.count]);
    expect(lines).toEqual([
      [phone.id, 5],
      [tv.id, 3],
    ]);
  });

  it("merges the marks: a new line keeps the browser's, a line the account had keeps its own", async () => {
    const s = await createCustomerSession(ctx.db);
    const category = await createCategory(ctx.db);
    const [a, b, c] = await Promise.all(
      Array.from({ length: 3 }, () => createProduct(ctx.db, { categoryId: category.id })),
    );
    await call(s, 'POST', '/api/baskets', { product_id: a!.id, count: 1 });
    const res = await call(s, 'POST', '/api/baskets/merge', {
      items: [
        { product_id: c!.id, count: 1, checked: false },
        { product_id: a!.id, count: 2, checked: false },
        { product_id: b!.id, count: 1 },
      ],
    });
    const lines = res
      .json()
      .data.map((l: { product_id: number; checked: boolean }) => [l.product_id, l.checked]);
    expect(lines).toEqual([
      [a!.id, true],
      [c!.id, false],
      [b!.id, true],
    ]);
  });

  it('merges within the stock: a count above the units left comes down, a sold-out line stays', async () => {
    const s = await createCustomerSession(ctx.db);
    const category = await createCategory(ctx.db);
    const lastTwo = await createProduct(ctx.db, { categoryId: category.id, stock: 2 });
    const soldOut = await createProduct(ctx.db, { categoryId: category.id, stock: 0 });
    const res = await call(s, 'POST', '/api/baskets/merge', {
      items: [
        { product_id: lastTwo.id, count: 5 },
        { product_id: soldOut.id, count: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const lines = res
      .json()
      .data.map((l: { product_id: number; count: number; stock: number }) => [
        l.product_id,
        l.count,
        l.stock,
      ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [lastTwo.id, 2, 2],
        [soldOut.id, 1, 0],
      ]),
    );
  });

  it('leaves a sold-out line and one asking for more than is left out of the totals', async () => {
    const s = await createCustomerSession(ctx.db);
    const category = await createCategory(ctx.db);
    const plenty = await createProduct(ctx.db, { categoryId: category.id, price: 1_000_000 });
    const few = await createProduct(ctx.db, {
      categoryId: category.id,
      price: 2_000_000,
      stock: 3,
    });
    const soon = await createProduct(ctx.db, {
      categoryId: category.id,
      price: 4_000_000,
      stock: 1,
    });
    await call(s, 'POST', '/api/baskets', { product_id: plenty.id, count: 1 });
    await call(s, 'POST', '/api/baskets', { product_id: few.id, count: 3 });
    await call(s, 'POST', '/api/baskets', { product_id: soon.id, count: 1 });
    let info = (await call(s, 'GET', '/api/baskets/info')).json().data;
    expect(info).toMatchObject({ lines: 3, count: 5, total: 11_000_000 });

    // others buy: one product sells out, another has fewer units left than this line asks
    await ctx.db.execute(sql`update products set stock = 0 where id = ${soon.id}`);
    await ctx.db.execute(sql`update products set stock = 2 where id = ${few.id}`);
    const lines = (await call(s, 'GET', '/api/baskets')).json().data;
    expect(
      lines.map((l: { product_id: number; stock: number; product: { in_stock: boolean } }) => [
        l.product_id,
        l.stock,
        l.product.in_stock,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [plenty.id, expect.any(Number), true],
        [few.id, 2, true],
        [soon.id, 0, false],
      ]),
    );
    info = (await call(s, 'GET', '/api/baskets/info')).json().data;
    expect(info).toMatchObject({ lines: 3, count: 1, total: 1_000_000 });
  });
});
