import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { seedDemo } from '../../src/db/demo.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';

const serverEntry = resolve(import.meta.dirname, '../../src/server.ts');

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/**
 * A shop's embedded database in `dataDir` as a first start leaves it, with a demo catalogue of 120
 * products (the writes need a few dozen; a start would seed 2,000 and their reviews).
 */
async function prepareDataDir(dataDir: string): Promise<void> {
  const database = openDatabase({ dataDir });
  try {
    await prepareDatabase(database, { seed: false, log: { info: () => {} } });
    await database.db.transaction((tx) => seedDemo(tx, { products: 120 }));
  } finally {
    await database.close();
  }
}

/** Starts the real server on the embedded database in `dataDir`; resolves once it is ready. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

// The server here runs on its own embedded database whatever TEST_DATABASE_URL says, so the API
// tests' second pass on PostgreSQL would only run the same again (cluster.test.ts shuts down
// processes on PostgreSQL).
describe.skipIf(process.env.TEST_DATABASE_URL)('SIGTERM during a burst of writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bozor-shutdown-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight, exits 0, and keeps every acknowledged write', async () => {
    const port = await freePort();
    await prepareDataDir(dataDir);
    const first = await startServer(dataDir, port);
    children.push(first);
    const base = `http://127.0.0.1:${port}/api`;
    const json = { 'content-type': 'application/json' };

    const phone = '998935550011';
    const sent = await fetch(`${base}/clients/send-code`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phone }),
    });
    const challenge = ((await sent.json()) as { data: { token: string } }).data.token;
    const outbox = (await (await fetch(`${base}/dev/outbox?phone=${phone}`)).json()) as {
      data: { text: string }[];
    };
    const code = /(\d{6})/.exec(outbox.data[0]?.text ?? '')?.[1];
    const signedIn = await fetch(`${base}/clients/sign-in`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: challenge, code }),
    });
    const session = ((await signedIn.json()) as { data: { token: string } }).data.token;
    const headers = { ...json, authorization: `Bearer ${session}` };
    const list = (await (await fetch(`${base}/products/list/famous?per_page=60`)).json()) as {
      data: { id: number }[];
    };
    const productIds = list.data.map((p) => p.id);
    expect(productIds.length).toBeGreaterThanOrEqual(40);

    // Eight customers' tabs at once, each setting basket counts until the server goes away.
    const acknowledged = new Map<number, number>();
    let next = 0;
    let exitCode: number | null = null;
    const exited = once(first, 'exit').then(([codeOnExit]) => {
      exitCode = codeOnExit as number;
    });
    const writer = async () => {
      while (next < productIds.length * 3) {
        const i = next++;
        const productId = productIds[i % productIds.length]!;
        const count = 1 + Math.floor(i / productIds.length);
        try {
          const res = await fetch(`${base}/baskets`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ product_id: productId, count }),
          });
          if (res.ok) acknowledged.set(productId, count);
        } catch {
          return; // the server stopped listening
        }
        if (i === 30) first.kill('SIGTERM');
      }
    };
    await Promise.all(Array.from({ length: 8 }, writer));
    await exited;
    expect(exitCode).toBe(0);
    expect(acknowledged.size).toBeGreaterThan(0);

    const second = await startServer(dataDir, port);
    children.push(second);
    const basket = (await (await fetch(`${base}/baskets`, { headers })).json()) as {
      data: { product_id: number; count: number }[];
    };
    const stored = new Map(basket.data.map((line) => [line.product_id, line.count]));
    for (const [productId, count] of acknowledged) {
      expect(stored.get(productId), `product ${productId}`).toBe(count);
    }
    second.kill('SIGTERM');
    await once(second, 'exit');
  }, 180_000);
});
