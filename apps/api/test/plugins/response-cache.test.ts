import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { products } from '../../src/db/schema/index.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { reserveStock } from '../../src/modules/catalogue/stock.ts';
import { cacheKey } from '../../src/plugins/response-cache.ts';
import { useTestApp } from '../helpers/app.ts';
import { createCustomerSession } from '../helpers/auth.ts';
import { connectAgain } from '../helpers/database.ts';
import { createCategory, createProduct, createTariffs } from '../helpers/factories.ts';
import { within } from '../helpers/within.ts';

const MB = 1024 * 1024;

function priceOf(body: string): number {
  return (JSON.parse(body) as { data: { price: number } }).data.price;
}

describe('response cache', () => {
  const ctx = useTestApp({ responseCacheBytes: 8 * MB });
  /** A second API process on the same database, with a connection and a cache of its own. */
  let second: { app: FastifyInstance; database: DatabaseHandle };
  let phones: { id: number; slug: string };
  let android: { id: number; slug: string };
  let phone: { id: number; slug: string };
  let other: { id: number; slug: string };

  beforeAll(async () => {
    await createTariffs(ctx.db);
    phones = await createCategory(ctx.db, { slug: 'cache-phones' });
    android = await createCategory(ctx.db, { slug: 'cache-android', parentId: phones.id });
    phone = await createProduct(ctx.db, { categoryId: android.id, price: 2_000_000 });
    other = await createProduct(ctx.db, { categoryId: phones.id, price: 3_000_000 });
    for (let i = 0; i < 30; i++) {
      await createProduct(ctx.db, {
        categoryId: android.id,
        nameUz: `Telefon ${'uzun '.repeat(8)}${i}`,
      });
    }
    const database = connectAgain(ctx.database);
    second = { database, app: await buildApp({ database, responseCacheBytes: 8 * MB }) };
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  /** Reads `url` twice: a 200 answered by the route, then the same bytes from memory. */
  async function keptOnSecondRead(url: string) {
    const first = await get(ctx.app, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const again = await get(ctx.app, url);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    return { first, again };
  }

  describe('anonymous catalogue reads', () => {
    it('are answered from memory the second time, with public caching headers', async () => {
      const { first, again } = await keptOnSecondRead(`/api/products/${phone.slug}`);
      for (const answer of [first, again]) {
        expect(answer.headers['cache-control']).toBe(
          'public, max-age=30, stale-while-revalidate=300',
        );
        expect(answer.headers.vary).toContain('lang');
        expect(answer.headers.vary).toContain('accept-encoding');
        expect(answer.headers.etag).toMatch(/^W\/"[\w-]+"$/);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['x-request-id']).toBeDefined();
      }
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    });

    it('are kept per language', async () => {
      const url = `/api/products/${phone.id}`;
      await get(ctx.app, url, { lang: 'uz' });
      const ru = await get(ctx.app, url, { lang: 'ru' });
      expect(ru.headers['x-cache']).toBe('miss');
      expect(ru.json().data.name).toMatch(/Товар/);
      expect((await get(ctx.app, url, { lang: 'ru' })).headers['x-cache']).toBe('hit');
    });

    it('keep only 200 answers', async () => {
      expect((await get(ctx.app, '/api/products/no-such-product')).statusCode).toBe(404);
      const again = await get(ctx.app, '/api/products/no-such-product');
      expect(again.statusCode).toBe(404);
      expect(again.headers['x-cache']).toBe('miss');
      expect(ctx.app.responseCache.has(cacheKey('uz', '/api/products/no-such-product'))).toBe(
        false,
      );
    });
  });

  describe('If-None-Match', () => {
    it('answers 304 without a body to the ETag of the answer, kept or not', async () => {
      const url = `/api/category-products/${phones.slug}?page=2`;
      const first = await get(ctx.app, url);
      const etag = String(first.headers.etag);
      const fresh = await get(second.app, url, { 'if-none-match': etag });
      expect(fresh.headers['x-cache']).toBe('miss');
      expect(fresh.statusCode).toBe(304);
      expect(fresh.body).toBe('');
      const kept = await get(ctx.app, url, { 'if-none-match': etag });
      expect(kept.headers['x-cache']).toBe('hit');
      expect(kept.statusCode).toBe(304);
      expect(kept.body).toBe('');
      expect(kept.headers.etag).toBe(etag);
      const changed = await get(ctx.app, url, { 'if-none-match': 'W/"something-else"' });
      expect(changed.statusCode).toBe(200);
    });

    it('applies to every JSON answer of a GET, not only the catalogue', async () => {
      const first = await get(ctx.app, '/api/regions');
      expect(first.statusCode).toBe(200);
      const again = await get(ctx.app, '/api/regions', {
        'if-none-match': String(first.headers.etag),
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers['x-cache']).toBeUndefined();
    });
  });

  describe('a request carrying a token', () => {
    it('is never answered from the shared cache and never fills it', async () => {
      const { headers } = await createCustomerSession(ctx.db);
      const url = '/api/products/famous';
      const signedIn = await get(ctx.app, url, headers);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
      expect(signedIn.headers['x-cache']).toBeUndefined();
      expect(ctx.app.responseCache.has(cacheKey('uz', url))).toBe(false);

      await get(ctx.app, url);
      expect((await get(ctx.app, url)).headers['x-cache']).toBe('hit');
      const afterwards = await get(ctx.app, url, headers);
      expect(afterwards.headers['x-cache']).toBeUndefined();
      expect(afterwards.headers['cache-control']).toBe('private, no-store');
    });

    it('gets its own customer data, privately, never a kept answer', async () => {
      const anna = await createCustomerSession(ctx.db);
      const boris = await createCustomerSession(ctx.db);
      const annas = await get(ctx.app, '/api/clients/info', anna.headers);
      const boriss = await get(ctx.app, '/api/clients/info', boris.headers);
      expect(annas.json().data.phone).toBe(anna.customer.phone);
      expect(boriss.json().data.phone).toBe(boris.customer.phone);
      for (const answer of [annas, boriss]) {
        expect(answer.headers['cache-control']).toBe('private, no-store');
        expect(answer.headers['x-cache']).toBeUndefined();
      }
      const basket = await get(ctx.app, '/api/baskets', anna.headers);
      expect(basket.headers['cache-control']).toBe('private, no-store');
      expect(ctx.app.responseCache.has(cacheKey('uz', '/api/baskets'))).toBe(false);
    });
  });

  describe('freshness', () => {
    it('shows a price changed by SQL in every process within a second', async () => {
      const url = `/api/products/${phone.slug}`;
      for (const app of [ctx.app, second.app]) {
        await get(app, url);
        expect((await get(app, url)).headers['x-cache']).toBe('hit');
      }
      await ctx.db.update(products).set({ price: 2_500_000 }).where(eq(products.id, phone.id));
      for (const app of [ctx.app, second.app]) {
        const took = await within(
          1_000,
          async () => priceOf((await get(app, url)).body) === 2_500_000,
        );
        expect(took).toBeLessThan(1_000);
      }
    });

    it('drops the lists of the category and its ancestors that hold a changed product', async () => {
      const list = `/api/category-products/${phones.slug}?sort=cheap`;
      const unrelated = `/api/products/${other.slug}`;
      await get(second.app, list);
      await get(second.app, unrelated);
      await second.app.inject({ url: list });
      await ctx.db.update(products).set({ price: 1 }).where(eq(products.id, phone.id));
      await within(1_000, async () => {
        const answer = await get(second.app, list);
        return answer.json().data[0].id === phone.id;
      });
      expect((await get(second.app, unrelated)).headers['x-cache']).toBe('hit');
    });

    it('keep a search, written as JSON text by its route, until a product it shows changes', async () => {
      // best matches first: a new price leaves the product where it was
      const url = '/api/search?query=telefon';
      const { first } = await keptOnSecondRead(url);
      const shown = first.json().data.products.data[0] as { id: number; price: number };
      await ctx.db
        .update(products)
        .set({ price: shown.price + 1 })
        .where(eq(products.id, shown.id));
      await within(1_000, async () => {
        const answer = await get(ctx.app, url);
        const card = (answer.json().data.products.data as { id: number; price: number }[]).find(
          (p) => p.id === shown.id,
        );
        return card?.price === shown.price + 1;
      });
    });

    it('drops the product page when checkout takes stock, and keeps lists it stays in', async () => {
      const page = `/api/products/${phone.slug}`;
      const list = `/api/category-products/${android.slug}`;
      await get(second.app, page);
      await get(second.app, list);
      const before = (await get(second.app, page)).json().data.stock as number;
      await inTransaction(ctx.db, (tx) => reserveStock(tx, [{ productId: phone.id, count: 1 }]));
      await within(
        1_000,
        async () => (await get(second.app, page)).json().data.stock === before - 1,
      );
      expect((await get(second.app, list)).headers['x-cache']).toBe('hit');
    });

    it('drops the lists showing a product once it runs out', async () => {
      const list = `/api/category-products/${android.slug}`;
      await get(ctx.app, list);
      expect((await get(ctx.app, list)).headers['x-cache']).toBe('hit');
      await ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, phone.id));
      await within(1_000, async () => {
        const answer = await get(ctx.app, list);
        const card = (answer.json().data as { id: number; in_stock: boolean }[]).find(
          (p) => p.id === phone.id,
        );
        return card?.in_stock === false;
      });
    });

    it('serves nothing kept while its listening connection is lost, and hears again after', async () => {
      if (ctx.database.kind !== 'postgres') return;
      const url = `/api/products/${other.slug}`;
      await get(ctx.app, url);
      expect((await get(ctx.app, url)).headers['x-cache']).toBe('hit');
      await ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      await ctx.db.update(products).set({ price: 3_100_000 }).where(eq(products.id, other.id));
      await within(1_000, async () => priceOf((await get(ctx.app, url)).body) === 3_100_000);
      await within(2_000, async () => (await get(ctx.app, url)).headers['x-cache'] === 'hit');
      await ctx.db.update(products).set({ price: 3_200_000 }).where(eq(products.id, other.id));
      await within(1_000, async () => priceOf((await get(ctx.app, url)).body) === 3_200_000);
    });

    it('drops everything when a table besides products changes', async () => {
      await get(ctx.app, '/api/categories/all');
      expect((await get(ctx.app, '/api/categories/all')).headers['x-cache']).toBe('hit');
      await ctx.db.execute(
        sql`update categories set name_uz = 'Smartfonlar' where id = ${android.id}`,
      );
      await within(1_000, async () =>
        JSON.stringify((await get(ctx.app, '/api/categories/all')).json()).includes('Smartfonlar'),
      );
    });
  });

  describe('compression', () => {
    const url = () => `/api/category-products/${android.slug}?per_page=30`;

    it('sends a JSON answer over 1 KB in brotli or gzip, as asked', async () => {
      const plain = await get(second.app, url());
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await get(second.app, url(), { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await get(second.app, url(), { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    });

    it('sends kept answers compressed too', async () => {
      const fresh = `${url()}&sort=expensive`;
      const plain = await get(ctx.app, fresh);
      await new Promise((r) => setTimeout(r, 50));
      for (const encoding of ['br', 'gzip'] as const) {
        const answer = await get(ctx.app, fresh, { 'accept-encoding': encoding });
        expect(answer.headers['x-cache']).toBe('hit');
        expect(answer.headers['content-encoding']).toBe(encoding);
        const body =
          encoding === 'br'
            ? brotliDecompressSync(answer.rawPayload)
            : gunzipSync(answer.rawPayload);
        expect(body.toString()).toBe(plain.body);
      }
    });

    it('leaves a small answer as it is', async () => {
      const answer = await get(ctx.app, '/api/categories/top', { 'accept-encoding': 'br' });
      expect(answer.rawPayload.length).toBeLessThan(1024);
      expect(answer.headers['content-encoding']).toBeUndefined();
    });
  });
});

describe('response cache bounds', () => {
  const ctx = useTestApp({ responseCacheBytes: 64 * 1024 });
  let category: { id: number; slug: string };

  beforeAll(async () => {
    await createTariffs(ctx.db);
    category = await createCategory(ctx.db);
    for (let i = 0; i < 40; i++) await createProduct(ctx.db, { categoryId: category.id });
  });

  it('keeps no more bytes than it is given, dropping the least recently used', async () => {
    const first = `/api/category-products/${category.slug}?per_page=40&sort=cheap`;
    await ctx.app.inject({ url: first });
    for (let price = 0; price < 40; price++) {
      await ctx.app.inject({
        url: `/api/category-products/${category.slug}?per_page=40&price_from=${price}`,
      });
      expect(ctx.app.responseCache.bytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect(ctx.app.responseCache.size).toBeGreaterThan(1);
    expect(ctx.app.responseCache.has(cacheKey('uz', first))).toBe(false);
  });
});

describe('response cache switched off', () => {
  const ctx = useTestApp({ responseCacheBytes: 0 });

  it('answers every read from the database, still with ETag and caching headers', async () => {
    await createTariffs(ctx.db);
    for (let i = 0; i < 2; i++) {
      const answer = await ctx.app.inject({ url: '/api/products/famous' });
      expect(answer.headers['x-cache']).toBe('miss');
      expect(answer.headers.etag).toBeDefined();
      expect(answer.headers['cache-control']).toBe(
        'public, max-age=30, stale-while-revalidate=300',
      );
    }
  });
});

describe('pages from the not-found handler', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'bozor-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html lang="uz"><head><title>Bozor</title></head><body><div id="root"></div>${'<p>Bozor</p>'.repeat(200)}</body></html>`,
  );
  const ctx = useTestApp({ webDist });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('are compressed as well', async () => {
    const answer = await ctx.app.inject({
      url: '/catalog/phones',
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toContain('<title>Bozor</title>');
  });
});
