import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup.ts';

const serverEntry = resolve(import.meta.dirname, '../src/server.ts');
const url = process.env.TEST_DATABASE_URL;
const template = inject('postgresTemplate');

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** WEB_CONCURRENCY processes need a PostgreSQL server: the embedded database is one process's. */
describe.skipIf(!url || !template)('WEB_CONCURRENCY processes on PostgreSQL', () => {
  const name = `bozor_test_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let shop: pg.Client;
  let server: ChildProcess;
  let base: string;
  let productId: number;

  beforeAll(async () => {
    const databaseUrl = withDatabase(url ?? '', name);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    shop = new pg.Client({ connectionString: databaseUrl });
    await shop.connect();
    const category = await shop.query(
      `insert into categories (slug, name_uz, name_ru) values ('c', 'Kategoriya', 'Категория') returning id`,
    );
    const product = await shop.query(
      `insert into products (slug, code, name_uz, name_ru, price, stock, category_id)
       values ('p', '1', 'Mahsulot', 'Товар', 1000000, 5, $1) returning id`,
      [category.rows[0].id],
    );
    productId = product.rows[0].id;

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: '2',
        SEED_ON_START: 'false',
        REDIS_URL: '',
        WEB_DIST: resolve(import.meta.dirname, 'no-web'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`${base}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not become ready');
  });

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await shop?.end();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  const prices = async (n: number) => {
    const answers = await Promise.all(
      Array.from({ length: n }, () => fetch(`${base}/api/products/p`)),
    );
    return Promise.all(
      answers.map(async (answer) => ({
        cache: answer.headers.get('x-cache'),
        price: ((await answer.json()) as { data: { price: number } }).data.price,
      })),
    );
  };

  it('shows a price changed by SQL in every process within a second', async () => {
    for (let i = 0; i < 10; i++) await prices(4);
    expect((await prices(8)).every((answer) => answer.cache === 'hit')).toBe(true);
    await shop.query('update products set price = 1200000 where id = $1', [productId]);
    const started = Date.now();
    let seen = await prices(8);
    while (seen.some((answer) => answer.price !== 1_200_000)) {
      expect(Date.now() - started).toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 20));
      seen = await prices(8);
    }
  });

  it('stops every process on SIGTERM and exits 0', async () => {
    server.kill('SIGTERM');
    const [code] = (await once(server, 'exit')) as [number | null];
    expect(code).toBe(0);
    await expect(fetch(`${base}/readyz`)).rejects.toThrow();
  });
});
