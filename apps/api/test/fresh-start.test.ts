import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from './global-setup.ts';

const serverEntry = resolve(import.meta.dirname, '../src/server.ts');
const url = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** A single API process (WEB_CONCURRENCY=1) prepares the database itself, before it reads it. */
describe.skipIf(!url)('one API process on a new PostgreSQL database', () => {
  const name = `bozor_test_${randomBytes(6).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'bozor-fresh-'));
  const admin = new pg.Client({ connectionString: url });
  let server: ChildProcess | undefined;

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrates before anything reads the catalogue: no missing table logged', async () => {
    await admin.connect();
    // template0: an empty database, not the test template that is already migrated
    await admin.query(`create database ${name} template template0`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: withDatabase(url ?? '', name),
        WEB_CONCURRENCY: '1',
        SEED_ON_START: 'false',
        REDIS_URL: '',
        UPLOAD_DIR: join(dir, 'uploads'),
        MEDIA_DIR: join(dir, 'media'),
        WEB_DIST: join(dir, 'no-web'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = started;
    let log = '';
    started.stdout?.on('data', (chunk) => {
      log += String(chunk);
    });
    started.stderr?.on('data', (chunk) => {
      log += String(chunk);
    });
    const deadline = Date.now() + 90_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`server exited: ${log}`);
      try {
        ready = (await fetch(`${base}/readyz`)).ok;
      } catch {
        // not listening yet
      }
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready, log).toBe(true);
    expect((await fetch(`${base}/api/categories/top`)).status).toBe(200);
    // the search index is read as soon as the catalogue's changes are heard: give it a moment
    await new Promise((r) => setTimeout(r, 1_000));
    started.kill('SIGTERM');
    const [code] = (await once(started, 'exit')) as [number | null];
    expect(code, log).toBe(0);
    expect(log).not.toMatch(/does not exist/);
    expect(log).not.toMatch(/"level":50/);
  }, 120_000);
});
