import { creditTotal } from '@bozor/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { useTestApp } from '../helpers/app.ts';
import { createCustomerSession } from '../helpers/auth.ts';
import { openTestDatabase } from '../helpers/database.ts';

const HUGE = '99999999999999999999';

describe('ids and numbers beyond what the database holds', () => {
  const ctx = useTestApp();

  it.each([
    `/api/products/${HUGE}`,
    `/api/products/2147483648`,
    `/api/products/collection-filters/${HUGE}`,
    `/api/products/collection/${HUGE}`,
    `/api/products/similar/${HUGE}`,
    `/api/categories/${HUGE}`,
    `/api/regions/district/${HUGE}`,
    `/api/contents/${HUGE}`,
    `/api/products/list/famous?price_from=${HUGE}`,
  ])('GET %s answers 400 with a message', async (url) => {
    const res = await ctx.app.inject({ url, headers: { lang: 'ru' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('refuses huge basket and favorite ids in paths and bodies with field errors', async () => {
    const { headers } = await createCustomerSession(ctx.db);
    const calls = [
      { method: 'POST' as const, url: `/api/favorites/${HUGE}` },
      { method: 'DELETE' as const, url: `/api/baskets/${HUGE}` },
      { method: 'POST' as const, url: '/api/baskets', payload: { product_id: 2 ** 31, count: 1 } },
      { method: 'DELETE' as const, url: '/api/baskets', payload: { ids: [2 ** 31] } },
      {
        method: 'PATCH' as const,
        url: '/api/baskets/checked',
        payload: { ids: [1e20], checked: true },
      },
      { method: 'POST' as const, url: '/api/favorites/merge', payload: { product_ids: [2 ** 40] } },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, headers: { ...headers, lang: 'uz' } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('control characters in typed text', () => {
  const ctx = useTestApp();

  it('answers a field error instead of handing a NUL to the database', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/partners',
      headers: { lang: 'ru' },
      payload: {
        full_name: 'Aziz\u0000Karimov',
        phone: '998901234567',
        store_name: 'Aziz Savdo',
        stir: '123456789',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      full_name: ['В тексте есть недопустимые управляющие символы'],
    });
  });
});

describe('numbers a rule or a column cannot hold', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ database });
    app.get('/test/amount-out-of-range', async () =>
      creditTotal(Number.MAX_SAFE_INTEGER, { months: 12, markupPercent: 44 }),
    );
    app.get('/test/out-of-range', async () => {
      await database.db.execute(sql`select 2147483648::int as n`);
      return {};
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('turns an amount the installment rules refuse and a database "out of range" into a 400', async () => {
    for (const url of ['/test/amount-out-of-range', '/test/out-of-range']) {
      const res = await app.inject({ url, headers: { lang: 'ru' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        message: 'Число вне допустимых пределов',
        code: 'NUMBER_OUT_OF_RANGE',
      });
    }
  });
});
