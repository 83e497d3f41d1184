import { addDays, type Dashboard, tashkentDay } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  creditInstallments,
  ledgerEntries,
  orders,
  scoringProfiles,
} from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
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
      overdue: 0,
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

describe("the dashboard's overdue line", () => {
  const ctx = useTestApp();

  it('rebuilds what was late each day, today matching the overdue sum, and counts payments by their day', async () => {
    const { customer } = await createCustomerSession(ctx.db);
    const card = await bindCard(ctx.app, customer.id);
    const now = new Date();
    // placed 45 days ago: the first installment fell due about 15 days ago
    const { credit, installments } = await createInstallmentOrder(ctx.db, {
      customerId: customer.id,
      cardId: card.id,
      total: 1_200_000,
      months: 6,
      placedAt: new Date(now.getTime() - 45 * 86_400_000),
    });
    const first = installments[0]!;
    // half of it paid five days ago, in cash at a branch as the ledger records it
    await ctx.db.insert(ledgerEntries).values({
      customerId: customer.id,
      creditId: credit.id,
      kind: 'debit',
      amount: 100_000,
      idempotencyKey: `test-${credit.id}`,
      createdAt: new Date(now.getTime() - 5 * 86_400_000),
    });
    await ctx.db
      .update(creditInstallments)
      .set({ paid: 100_000 })
      .where(eq(creditInstallments.id, first.id));

    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: as(viewer),
    });
    const data = res.json().data as Dashboard;
    const today = tashkentDay(now);
    const on = (day: string) => data.series.find((d) => d.day === day)?.overdue;
    expect(data.overdue).toBe(first.amount - 100_000);
    expect(on(today)).toBe(data.overdue);
    // the day it fell due it was not late yet; the day after, all of it was
    expect(on(first.dueDate)).toBe(0);
    expect(on(addDays(first.dueDate, 1))).toBe(first.amount);
    expect(on(addDays(today, -6))).toBe(first.amount);
  });
});
