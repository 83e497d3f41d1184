import { addDays, tashkentDay } from '@bozor/shared';
import { describe, expect, it } from 'vitest';
import { orders, scoringProfiles } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { createTariffs } from '../../helpers/factories.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';

describe('the back-office dashboard', () => {
  const ctx = useTestApp();

  it('sums sales by Tashkent day, leaves out cancelled orders, and draws 30 days', async () => {
    const { customer } = await createCustomerSession(ctx.db);
    const now = new Date();
    const [tariff] = await createTariffs(ctx.db);
    const base = {
      customerId: customer.id,
      deliveryUz: 'Toshkent',
      deliveryRu: 'Ташкент',
    };
    await ctx.db.insert(orders).values([
      { ...base, status: 2, paymentType: 'full', total: 100_000, createdAt: now },
      { ...base, status: -2, paymentType: 'full', total: 999_000, createdAt: now },
      {
        ...base,
        status: 2,
        paymentType: 'installment',
        tariffId: tariff!.id,
        total: 300_000,
        createdAt: now,
      },
      {
        ...base,
        status: 4,
        paymentType: 'full',
        total: 50_000,
        createdAt: new Date(now.getTime() - 40 * 86_400_000),
      },
    ]);
    // one scoring waits for a credit officer, another was decided
    const other = await createCustomerSession(ctx.db);
    await ctx.db
      .insert(scoringProfiles)
      .values([{ customerId: customer.id, reviewSince: now }, { customerId: other.customer.id }]);
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: as(viewer),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.today).toEqual({ orders: 2, revenue: 400_000 });
    expect(data.month.revenue).toBeGreaterThanOrEqual(400_000);
    expect(data.installment_share).toBeGreaterThan(0);
    expect(data.scoring_queue).toBe(1);
    expect(data.series).toHaveLength(30);
    const today = tashkentDay(now);
    expect(data.series.at(-1)).toEqual({
      day: today,
      orders: 2,
      revenue: 400_000,
      installments: 1,
    });
    expect(data.series[0].day).toBe(addDays(today, -29));
    // the order of 40 days ago is outside the chart
    expect(data.series.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(2);

    const contentManager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: as(contentManager),
    });
    expect(refused.statusCode).toBe(403);
  });
});
