import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tariffs } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createTariffs } from '../../helpers/factories.ts';

/**
 * DESIGN §4 worked out independently of `@bozor/shared`, in BigInt: the total is financed ×
 * (100 + markup) % rounded up to 100 sum, the monthly payment the total over the months rounded
 * up to 100 sum.
 */
function reference(financed: number, months: number, markupPercent: number) {
  const scaled = BigInt(financed) * BigInt(100 + markupPercent);
  const total = ((scaled + 9_999n) / 10_000n) * 100n;
  const perMonth = BigInt(months) * 100n;
  const monthly = ((total + perMonth - 1n) / perMonth) * 100n;
  return { total: Number(total), monthly: Number(monthly) };
}

describe('tariffs and the calculator', () => {
  const ctx = useTestApp();

  beforeAll(async () => {
    // inserted out of order, and one switched off
    await createTariffs(ctx.db, [
      { months: 12, markupPercent: 44 },
      { months: 3, markupPercent: 12 },
      { months: 9, markupPercent: 35 },
      { months: 6, markupPercent: 24 },
      { months: 18, markupPercent: 70 },
    ]);
    await ctx.db.update(tariffs).set({ isActive: false }).where(eq(tariffs.months, 18));
  });

  const expected = (financed: number) =>
    [
      [3, 12],
      [6, 24],
      [9, 35],
      [12, 44],
    ].map(([months, markup]) => {
      const r = reference(financed, months!, markup!);
      return {
        id: expect.any(Number),
        duration: months,
        markup_percent: markup,
        monthly_payment: r.monthly,
        total_price: r.total,
      };
    });

  it('GET /api/orders/tariffs quotes every active tariff, shortest first', async () => {
    const res = await ctx.app.inject({ url: '/api/orders/tariffs?amount=3000000' });
    expect(res.statusCode, res.body).toBe(200);
    // DESIGN §4's demo tariffs on 3 million: round numbers worked out by hand
    expect(res.json().data).toEqual([
      {
        id: expect.any(Number),
        duration: 3,
        markup_percent: 12,
        monthly_payment: 1_120_000,
        total_price: 3_360_000,
      },
      {
        id: expect.any(Number),
        duration: 6,
        markup_percent: 24,
        monthly_payment: 620_000,
        total_price: 3_720_000,
      },
      {
        id: expect.any(Number),
        duration: 9,
        markup_percent: 35,
        monthly_payment: 450_000,
        total_price: 4_050_000,
      },
      {
        id: expect.any(Number),
        duration: 12,
        markup_percent: 44,
        monthly_payment: 360_000,
        total_price: 4_320_000,
      },
    ]);
  });

  it.each([1, 99, 999_999, 1_234_567, 7_777_777, 10_000_000_000])(
    'quotes %i sum by the rounding rule',
    async (amount) => {
      const res = await ctx.app.inject({ url: `/api/orders/tariffs?amount=${amount}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(expected(amount));
    },
  );

  it('POST /api/calculator quotes the price less the prepayment', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/calculator',
      payload: { price: 5_432_100, prepayment: 1_000_001 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(expected(4_432_099));
    const small = await ctx.app.inject({
      method: 'POST',
      url: '/api/calculator',
      payload: { price: 1_999_999, prepayment: 1_000_000 },
    });
    // 999,999 × 1.12 = 1,119,998.88 → 1,120,000 in all; 373,333.3 a month → 373,400
    expect(small.json().data[0]).toMatchObject({
      monthly_payment: 373_400,
      total_price: 1_120_000,
    });
  });

  it('answers field errors for a bad amount, price or prepayment', async () => {
    for (const url of [
      '/api/orders/tariffs',
      '/api/orders/tariffs?amount=0',
      '/api/orders/tariffs?amount=-5',
      '/api/orders/tariffs?amount=1.5',
      '/api/orders/tariffs?amount=abc',
      '/api/orders/tariffs?amount=99999999999999999999',
    ]) {
      const res = await ctx.app.inject({ url, headers: { lang: 'ru' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.amount, url).toBeDefined();
    }
    const cases: [object, string][] = [
      [{ price: 1_000_000, prepayment: 1_000_000 }, 'prepayment'],
      [{ price: 1_000_000, prepayment: -1 }, 'prepayment'],
      [{ price: 0 }, 'price'],
      [{}, 'price'],
      [{ price: 'много' }, 'price'],
    ];
    for (const [payload, field] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/calculator',
        payload,
        headers: { lang: 'ru' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(payload)).toBeDefined();
    }
    const tooLarge = await ctx.app.inject({
      method: 'POST',
      url: '/api/calculator',
      payload: { price: 1_000_000, prepayment: 2_000_000 },
      headers: { lang: 'ru' },
    });
    expect(tooLarge.json().errors).toEqual({
      prepayment: ['Первоначальный взнос должен быть меньше суммы заказа'],
    });
  });
});
