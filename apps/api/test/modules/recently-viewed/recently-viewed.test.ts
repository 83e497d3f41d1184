import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { createCategory, createProduct } from '../../helpers/factories.ts';

describe('recently viewed products', () => {
  const ctx = useTestApp();
  const post = (headers: Record<string, string>, ids: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/clients/recently-viewed',
      headers,
      payload: { product_ids: ids },
    });

  it('merges a browser list at sign-in, moves a product opened again to the front, keeps 20 on sale', async () => {
    const category = await createCategory(ctx.db);
    const made = [];
    for (let i = 0; i < 23; i += 1)
      made.push(await createProduct(ctx.db, { categoryId: category.id }));
    const { headers } = await createCustomerSession(ctx.db);

    // the browser's list, newest first
    const merged = await post(headers, [made[2]!.id, made[1]!.id, made[0]!.id]);
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data.map((p: { id: number }) => p.id)).toEqual([
      made[2]!.id,
      made[1]!.id,
      made[0]!.id,
    ]);
    await post(headers, [made[0]!.id]);
    const list = await ctx.app.inject({ url: '/api/clients/recently-viewed', headers });
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([
      made[0]!.id,
      made[2]!.id,
      made[1]!.id,
    ]);

    for (const p of made.slice(3)) await post(headers, [p.id]);
    const full = await ctx.app.inject({ url: '/api/clients/recently-viewed', headers });
    expect(full.json().data).toHaveLength(20);
    expect(full.json().data[0].id).toBe(made[22]!.id);

    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, made[22]!.id));
    const hidden = await ctx.app.inject({ url: '/api/clients/recently-viewed', headers });
    expect(hidden.json().data[0].id).toBe(made[21]!.id);
  });

  it('skips unknown products and refuses a bad list with a message', async () => {
    const { headers } = await createCustomerSession(ctx.db);
    const unknown = await post(headers, [999_999]);
    expect(unknown.json()).toEqual({ data: [] });
    for (const bad of [['x'], [0], Array.from({ length: 21 }, (_, i) => i + 1), 'nope']) {
      const res = await post(headers, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await ctx.app.inject({ url: '/api/clients/recently-viewed' })).statusCode).toBe(401);
  });
});
