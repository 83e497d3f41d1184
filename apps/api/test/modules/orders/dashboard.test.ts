import { addDays, type Dashboard, tashkentDay } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
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
      par30: 0,
      scoring_queue: 1,
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

describe("the dashboard's PAR30 and scoring-queue lines", () => {
  const ctx = useTestApp();
  const DAY = 86_400_000;

  async function dashboard() {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: as(viewer),
    });
    return { data: res.json().data as Dashboard, viewer };
  }

  it('rebuilds PAR30 by day, today matching the portfolio', async () => {
    const now = new Date();
    const today = tashkentDay(now);
    for (const [daysAgo, phone] of [
      [100, '998901000201'],
      [45, '998901000202'],
    ] as const) {
      const { customer } = await createCustomerSession(ctx.db, { phone });
      const card = await bindCard(ctx.app, customer.id);
      await createInstallmentOrder(ctx.db, {
        customerId: customer.id,
        cardId: card.id,
        total: 1_200_000,
        months: 6,
        placedAt: new Date(now.getTime() - daysAgo * DAY),
      });
    }
    const { data } = await dashboard();
    const on = (day: string) => data.series.find((d) => d.day === day)?.par30;
    // the older credit's first installment fell due about 70 days ago
    expect(data.par30).toBeGreaterThan(0);
    expect(on(today)).toBe(data.par30);
    // 29 days ago it was about 41 days late and the newer credit was not late at all
    expect(on(addDays(today, -29))).toBeGreaterThan(0);
  });

  it('counts the scorings that were waiting at the end of each day', async () => {
    const now = new Date();
    const today = tashkentDay(now);
    const waiting = await createCustomerSession(ctx.db, { phone: '998901000203' });
    const decided = await createCustomerSession(ctx.db, { phone: '998901000204' });
    await ctx.db
      .insert(scoringProfiles)
      .values([
        { customerId: waiting.customer.id, reviewSince: new Date(now.getTime() - 2 * DAY) },
        { customerId: decided.customer.id },
      ]);
    const { viewer } = await dashboard();
    // sent five days ago, rejected three days ago
    await ctx.db.insert(auditLog).values({
      staffId: viewer.staffId,
      action: 'scoring.reject',
      objectType: 'customer',
      objectId: String(decided.customer.id),
      before: {
        step: 'review',
        review_since: new Date(now.getTime() - 5 * DAY).toISOString(),
      },
      at: new Date(now.getTime() - 3 * DAY),
    });
    const { data } = await dashboard();
    const on = (days: number) =>
      data.series.find((d) => d.day === addDays(today, -days))?.scoring_queue;
    expect([on(6), on(4), on(1), on(0)]).toEqual([0, 1, 1, 1]);
    expect(on(0)).toBe(data.scoring_queue);
  });
});
