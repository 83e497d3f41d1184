import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
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

/** The processes a process started (the cluster's workers). */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  );
}

/**
 * How many established connections to `port` (from `clientPorts`, when given) process `pid`
 * holds, read from Linux's /proc: the server's side of each is a socket whose local port is `port`.
 */
function connectionsHeld(pid: number, port: number, clientPorts?: Set<number>): number {
  const inodes = new Set<string>();
  const portOf = (address: string | undefined) => Number.parseInt(address?.split(':')[1] ?? '', 16);
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const established = fields[3] === '01';
    if (
      established &&
      portOf(fields[1]) === port &&
      (clientPorts?.has(portOf(fields[2])) ?? true)
    ) {
      inodes.add(fields[9] ?? '');
    }
  }
  let held = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '')) held += 1;
    } catch {
      // closed while listed
    }
  }
  return held;
}

/** WEB_CONCURRENCY processes need a PostgreSQL server: the embedded database is one process's. */
describe.skipIf(!url || !template)('WEB_CONCURRENCY processes on PostgreSQL', () => {
  const name = `bozor_test_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let shop: pg.Client;
  let server: ChildProcess;
  let base: string;
  let port: number;
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

    port = await freePort();
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

  it('spreads connections evenly over the workers, each answering its own', async () => {
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 8; i++) {
        const socket = connect(port, '127.0.0.1');
        sockets.push(socket);
        await once(socket, 'connect');
        socket.write('GET /readyz HTTP/1.1\r\nhost: bozor\r\n\r\n');
        await once(socket, 'data');
      }
      // the workers may also hold a connection or two of the readiness checks' fetch
      const workers = childrenOf(server.pid ?? 0);
      const ours = new Set(sockets.map((socket) => socket.localPort ?? 0));
      const all = workers.map((pid) => connectionsHeld(pid, port));
      expect(Math.max(...all) - Math.min(...all)).toBeLessThanOrEqual(1);
      for (const pid of workers) expect(connectionsHeld(pid, port, ours)).toBeGreaterThanOrEqual(3);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

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

  it('answers /metrics for every worker: one scrape adds up what each counted', async () => {
    const count = async () => {
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('bozor_cluster_workers_reporting 2');
      const line =
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="200"\} (\d+)$/m.exec(
          text,
        );
      return { text, requests: Number(line?.[1] ?? 0) };
    };
    const before = await count();
    // eight connections, so both workers answer some of the sixteen
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 8; i++) {
        const socket = connect(port, '127.0.0.1');
        sockets.push(socket);
        await once(socket, 'connect');
      }
      for (let round = 0; round < 2; round++) {
        await Promise.all(
          sockets.map(async (socket) => {
            socket.write('GET /api/products/p HTTP/1.1\r\nhost: bozor\r\n\r\n');
            await once(socket, 'data');
          }),
        );
      }
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    const after = await count();
    expect(after.requests - before.requests).toBe(16);
    // each worker's pool, added up
    expect(after.text).toMatch(/^bozor_db_pool_connections_in_use \d+$/m);
  });

  it('stops every process on SIGTERM and exits 0', async () => {
    server.kill('SIGTERM');
    const [code] = (await once(server, 'exit')) as [number | null];
    expect(code).toBe(0);
    await expect(fetch(`${base}/readyz`)).rejects.toThrow();
  });
});
