import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverEntry = resolve(import.meta.dirname, '../../src/server.ts');
const TOKEN = 'a-metrics-token-for-the-scraper-0123456789';

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/**
 * The server as `npm start` runs it on the embedded database: a primary handing connections to
 * one worker, so /metrics goes through the cluster's aggregation as with several. It runs on its
 * own embedded database whatever TEST_DATABASE_URL says, so the PostgreSQL pass skips it.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'a running server: metrics through its primary, readiness during shutdown',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bozor-ops-'));
    let server: ChildProcess;
    let base: string;

    beforeAll(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, [serverEntry], {
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
          // the test's requests come from loopback, as a proxy on the same machine's would
          TRUST_PROXY: 'loopback',
          METRICS_TOKEN: TOKEN,
          SHUTDOWN_DRAIN_MS: '1500',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const deadline = Date.now() + 90_000;
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
    }, 120_000);

    afterAll(() => {
      if (server && server.exitCode === null) server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('is ready with its job runner alive', async () => {
      const res = await fetch(`${base}/readyz`);
      expect(await res.json()).toEqual({
        status: 'ok',
        checks: { shutdown: 'ok', database: 'ok', migrations: 'ok', jobs: 'ok' },
      });
    });

    it('serves the metrics of its workers to loopback, added up by the primary', async () => {
      for (let i = 0; i < 5; i++) await (await fetch(`${base}/api/categories/top`)).arrayBuffer();
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('bozor_cluster_workers_reporting 1');
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/categories\/top",status="200"\} 5$/m,
      );
      for (const family of [
        'bozor_response_cache_requests_total',
        'bozor_db_pool_connections_in_use',
        'bozor_db_pool_waiting',
        'nodejs_eventloop_lag_p99_seconds',
        'bozor_job_runs_total',
        'bozor_job_lag_seconds',
        'bozor_jobs_due',
        'bozor_payments',
        'bozor_outbox_messages_pending',
        'bozor_sms_total',
        'bozor_gateway_calls_total',
      ]) {
        expect(text).toContain(`# TYPE ${family} `);
      }
    });

    it('answers 404 to an address a trusted proxy forwards, and serves it with the token', async () => {
      const forwarded = await fetch(`${base}/metrics`, {
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(forwarded.status).toBe(404);
      const withToken = await fetch(`${base}/metrics`, {
        headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.status).toBe(200);
    });

    it('fails readiness as soon as SIGTERM arrives, serves on while draining, then exits 0', async () => {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      let draining: Response | undefined;
      const deadline = Date.now() + 1_000;
      while (Date.now() < deadline) {
        draining = await fetch(`${base}/readyz`);
        if (draining.status === 503) break;
        await draining.arrayBuffer();
      }
      expect(draining?.status).toBe(503);
      expect(await draining?.json()).toMatchObject({
        status: 'unavailable',
        checks: { shutdown: 'failed' },
      });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/api/categories/top`)).status).toBe(200);
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
      await expect(fetch(`${base}/readyz`)).rejects.toThrow();
    });
  },
);
