import { fork } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import { CLOSED, createBalancer, READY } from './connections.ts';
import { clusterMetricsOfPrimary } from './lib/cluster-metrics.ts';

/** Set for the child that prepares the database before the workers start. */
export const PREPARE_ONLY = 'BOZOR_PREPARE_ONLY';
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
/**
 * V8 sizes its heap from the machine's memory: on a large machine the young generation alone is
 * most of an idle worker's resident memory, and under load the old generation fills with
 * garbage up to several times what is live (a worker reached 320 MB serving uncached lists) before
 * a full collection. A 192 MB old generation (about three times what a worker keeps live) bounds
 * it. A flag given to the primary (`node --max-old-space-size=512 …`) wins over these.
 */
const WORKER_FLAGS = ['--max-old-space-size=192'];
/**
 * Semispaces are where each request's objects are made. With 8 MB, a worker on PostgreSQL busy
 * with 25 requests collected them every 40 ms, each collection (5–10 ms) holding up every request
 * in flight, and its slowest answers took a quarter longer; 16 MB keeps it under 200 MB, and 32 MB
 * gained nothing more for 40 MB a worker.
 */
const SERVER_FLAGS = ['--max-semi-space-size=16'];
/**
 * The embedded database is PostgreSQL compiled to WebAssembly inside the worker. V8's optimizing
 * compiler needs hundreds of MB for a moment on each of its largest functions (such a process
 * peaked at 1.3 GB), so it runs on the baseline compiler alone; and V8 favours memory over speed,
 * since the database's own memory leaves the JavaScript heap less room (about 10 % fewer uncached
 * answers, 235 MB instead of 265 MB under load), with 8 MB semispaces for the same reason.
 */
const EMBEDDED_FLAGS = ['--max-semi-space-size=8', '--liftoff-only', '--optimize-for-size'];
/**
 * glibc gives each thread that allocates its own malloc arena, and a worker has a dozen threads
 * (V8's compilers and collectors, libuv's pool), each arena keeping what it once held: two arenas
 * kept the embedded database's worker 10–15 MB smaller under load at no cost in answers. Set in
 * the workers' environment, since glibc reads it when a process starts; a value given to the
 * primary is passed on instead.
 */
const WORKER_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

/** A worker that dies sooner than this after starting is restarted only after a pause. */
const STEADY_MS = 10_000;
const RESTART_PAUSE_MS = 2_000;

type Level = 'info' | 'warn' | 'error';
const LEVELS: Record<Level, number> = { info: 30, warn: 40, error: 50 };

/** One JSON line like the workers' pino lines, so the log reads as one stream. */
function logLine(config: Config, level: Level, msg: string, extra: object = {}): void {
  if (config.logLevel === 'silent') return;
  const threshold: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40 };
  if (LEVELS[level] < (threshold[config.logLevel] ?? 50)) return;
  const line = JSON.stringify({
    level: LEVELS[level],
    time: Date.now(),
    pid: process.pid,
    ...extra,
    msg,
  });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/**
 * Migrations, reference data and the demo seed, once, on a connection of its own that is closed
 * after: in a child of the primary that then exits, or in a single process before it serves.
 */
export async function prepareOnly(config: Config): Promise<void> {
  const { openDatabase } = await import('./db/client.ts');
  const { prepareDatabase } = await import('./db/prepare.ts');
  const database = openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: config.dataDir },
  );
  try {
    await prepareDatabase(database, {
      seed: config.seedOnStart,
      log: { info: (fields: object, msg?: string) => logLine(config, 'info', msg ?? '', fields) },
    });
  } finally {
    await database.close();
  }
}

/**
 * The primary of `WEB_CONCURRENCY` API processes on one port: it listens, and hands each new
 * connection to the worker holding the fewest (connections.ts says why). A first child prepares
 * the database once (migrations, reference data, the demo seed), then the workers start and run
 * serve.ts without preparing; the primary itself loads none of the app, so it stays small. The
 * embedded database has one worker, started once the child has closed the database, with the flags
 * that keep it small; the seed's one large transaction grows PGlite's memory for good, so it never
 * happens in the process that then serves. A worker that dies is replaced. SIGTERM or SIGINT is
 * passed to every worker, which stops as a single server does (requests in flight finish, jobs
 * stop, the pool closes); the primary exits when all have, 0 if each did.
 *
 * What the workers share lives outside them: sessions and data in PostgreSQL, rate-limit
 * counters in Redis (REDIS_URL), scheduled jobs claimed with `FOR UPDATE SKIP LOCKED`, and the
 * catalogue's changes announced to each of them by `NOTIFY`, so each drops its cached answers.
 */
export async function runPrimary(config: Config): Promise<void> {
  const embedded = !config.databaseUrl;
  const unlessGiven = (flags: string[]) =>
    flags.filter(
      (flag) => !process.execArgv.some((arg) => arg.startsWith(flag.split('=')[0] ?? flag)),
    );
  const preparing = fork(SERVER, [], {
    env: { ...process.env, [PREPARE_ONLY]: '1' },
    execArgv: [...process.execArgv, ...unlessGiven(embedded ? ['--liftoff-only'] : [])],
  });
  const [code] = (await once(preparing, 'exit')) as [number | null];
  if (code !== 0) {
    logLine(config, 'error', 'could not prepare the database', { code });
    process.exit(1);
  }

  const flags = unlessGiven([...WORKER_FLAGS, ...(embedded ? EMBEDDED_FLAGS : SERVER_FLAGS)]);
  cluster.setupPrimary({ exec: SERVER, execArgv: [...process.execArgv, ...flags] });
  let stopping = false;
  let failed = false;
  const startedAt = new Map<Worker, number>();
  const startWorker = () => startedAt.set(cluster.fork(WORKER_ENV), Date.now());

  const balancer = createBalancer();
  // the workers taking connections: a scrape of /metrics adds up theirs
  const serving = new Set<Worker>();
  const metrics = clusterMetricsOfPrimary(() => [...serving]);
  cluster.on('exit', (worker, code, signal) => {
    balancer.remove(worker);
    serving.delete(worker);
    const ranFor = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (startedAt.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    logLine(config, 'error', 'an API process stopped; starting another', {
      worker: worker.process.pid,
      code,
      signal,
    });
    setTimeout(startWorker, ranFor < STEADY_MS ? RESTART_PAUSE_MS : 0).unref();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logLine(config, 'info', 'shutting down', { signal, workers: startedAt.size });
    if (startedAt.size === 0) process.exit(0);
    // the workers' readiness fails at once; the port stays open while the balancer notices
    if (config.shutdownDrainMs > 0) setTimeout(() => balancer.close(), config.shutdownDrainMs);
    else balancer.close();
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(
      () => {
        logLine(config, 'error', 'API processes still running after the shutdown timeout');
        for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      config.shutdownDrainMs + config.shutdownTimeoutMs + 5_000,
    ).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  let ready = 0;
  cluster.on('message', (worker, message) => {
    if (metrics(worker, message)) return;
    if (message === CLOSED) {
      balancer.closed(worker);
      return;
    }
    if (message !== READY || stopping) return;
    balancer.add(worker);
    serving.add(worker);
    ready += 1;
    // the port opens once every first worker can take connections, so the first burst is shared
    if (ready !== config.webConcurrency) return;
    balancer.listen(config.port, config.host).then(
      () => {
        const processes = embedded
          ? 'with the embedded database'
          : `in ${config.webConcurrency} processes`;
        logLine(
          config,
          'info',
          `Bozor is running on http://${shown}:${config.port} ${processes} (node ${process.version})`,
        );
      },
      (error: unknown) => {
        logLine(config, 'error', `could not listen on ${config.host}:${config.port}`, {
          err: String(error),
        });
        failed = true;
        shutdown('SIGTERM');
      },
    );
  });
  for (let i = 0; i < config.webConcurrency; i++) startWorker();
}
