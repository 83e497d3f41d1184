/**
 * `npm run bench:api`: starts the shop's server as `npm start` runs it and loads typical anonymous
 * catalogue reads with autocannon, with the response cache on and off (separate starts,
 * RESPONSE_CACHE=off), next to a bare Fastify answering the same bytes; prints req/s, p50, p99,
 * the ratio to the bare server and the peak RSS of the server's processes. First on the embedded
 * database (the demo's 2,000 products), then on PostgreSQL with 100,000 products when
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bozor_bench_api, created when
 * missing) is reachable.
 *
 *   --duration S       seconds per case (default 5)
 *   --connections N    concurrent connections (default 50)
 *   --products N       catalogue size on PostgreSQL (default 100000)
 *   --workers N        API processes on PostgreSQL (WEB_CONCURRENCY; default: cores)
 *   --only embedded|postgres
 *   --reseed           seed PostgreSQL again even when it has N products
 *   --logs-only        only the logging comparison
 *   --no-logs          without the logging comparison
 *   --cache on|off     only the cases with the response cache on, or off
 *   --log-rounds N     turns of each server per case in the logging comparison (default 3)
 *   --rate N           the steady-load rows' requests a second (default 1000; 0: none)
 *
 * With the cache off, the varied category pages and searches are also sent at a steady `--rate`
 * (scripts/lib/steady-load.ts), each request timed from the moment it was due: how fast the shop
 * answers at that load, where the other rows show how much it answers at its limit. Each such row
 * starts from a rested server, warmed at half the rate (`settle`).
 *
 * The logging comparison: the same server started twice, with `LOG_LEVEL=warn` (as every other
 * row here) and with the default settings (`info`: a line per request, written to a file as an
 * operator's log would be), loaded in turns on the cached reads, so both see the same machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/demo.ts';
import { SEARCH_QUERIES } from './lib/search-queries.ts';
import { freePort, waitReady } from './lib/server.ts';
import { type SteadyMeasured, steadyLoad } from './lib/steady-load.ts';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    products: { type: 'string', default: '100000' },
    workers: { type: 'string', default: String(availableParallelism()) },
    only: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    'logs-only': { type: 'boolean', default: false },
    'no-logs': { type: 'boolean', default: false },
    cache: { type: 'string' },
    'log-rounds': { type: 'string', default: '3' },
    rate: { type: 'string', default: '1000' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const productCount = Number(args.products);
const workers = Number(args.workers);
/** Turns each server is loaded for, one after the other, per case. */
const logRounds = Number(args['log-rounds']);
const rate = Number(args.rate);
if (!Number.isInteger(rate) || rate < 0) {
  console.error('--rate must be a whole number, 0 or more');
  process.exit(1);
}
for (const [name, value] of Object.entries({
  duration,
  connections,
  productCount,
  workers,
  logRounds,
})) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number above 0`);
    process.exit(1);
  }
}
const benchUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bozor_bench_api';
const webDist = join(root, 'apps/web/dist');

/** Peak resident memory of a process (VmHWM) in MB, 0 once it is gone. */
function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

interface Running {
  base: string;
  /** Peak RSS in MB of the process and each of its children (cluster workers). */
  peaks(): number[];
  stop(): Promise<void>;
}

function running(child: ChildProcess, base: string): Running {
  return {
    base,
    peaks: () => {
      const pid = child.pid ?? 0;
      const workersOf = childrenOf(pid);
      return [pid, ...workersOf].map(peakRssMb).filter((mb) => mb > 0);
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/**
 * The shop's server as `npm start` runs it (storefront served when built). Its standard output
 * (the log) goes to `logFile` when given, nowhere otherwise.
 */
async function startShop(env: Record<string, string>, logFile?: string): Promise<Running> {
  const port = await freePort();
  const out = logFile ? openSync(logFile, 'w') : 'ignore';
  const child = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      WEB_DIST: webDist,
      ...env,
    },
    stdio: ['ignore', out, 'inherit'],
  });
  if (typeof out === 'number') closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, `${base}/readyz`, 300);
  await searchIndexRead(base);
  return running(child, base);
}

/**
 * Waits until every API process has read the search index into memory (`/metrics` from
 * loopback), as a server does within seconds of its start, so the runs measure it and not the
 * database's answers of the first seconds.
 */
async function searchIndexRead(base: string): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    const text = await (await fetch(`${base}/metrics`)).text();
    const held = /^bozor_search_index_products(?:\{[^}]*\})? (\d+)/m.exec(text);
    if (!held || Number(held[1]) > 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the search index was not read into memory within 2 minutes');
}

/** A Fastify with one route answering each path with the bytes the shop answered it with. */
async function startBare(bodies: Record<string, string>, processes: number): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'bozor-bench-bare-'));
  const file = join(dir, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/bench-bare-server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BARE_BODIES: file,
      BARE_PROCESSES: String(processes),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, `${base}/readyz`, 30);
  const server = running(child, base);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

async function load(base: string, paths: string[]): Promise<Measured> {
  let next = 0;
  const result = await autocannon({
    url: `${base}${paths[0]}`,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const path = paths[next % paths.length] ?? '/';
          next += 1;
          return { ...request, path };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

interface Case {
  name: string;
  paths: string[];
}

async function json<T>(base: string, path: string): Promise<T> {
  const answer = await fetch(`${base}${path}`);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return (await answer.json()) as T;
}

/** Real paths of the running shop: its biggest top category, a popular product, filters. */
async function casesOf(base: string): Promise<{ cached: Case[]; varied: Case; searches: Case }> {
  const top = await json<{ data: { slug: string }[] }>(base, '/api/categories/top');
  let category = top.data[0]?.slug ?? '';
  let biggest = -1;
  for (const { slug } of top.data) {
    const page = await json<{ meta: { total: number } }>(base, `/api/category-products/${slug}`);
    if (page.meta.total > biggest) {
      biggest = page.meta.total;
      category = slug;
    }
  }
  const famous = await json<{ data: { slug: string }[] }>(base, '/api/products/famous');
  const product = famous.data[0]?.slug ?? '';
  const cached: Case[] = [
    { name: `category ${category} page 1`, paths: [`/api/category-products/${category}?page=1`] },
    { name: 'famous products', paths: ['/api/products/famous'] },
    { name: 'search "samsung"', paths: ['/api/search?query=samsung'] },
    { name: `product ${product}`, paths: [`/api/products/${product}`] },
  ];
  const varied: string[] = [];
  const sorts = ['famous', 'cheap', 'expensive', 'discount'];
  for (const { slug } of top.data) {
    const filters = await json<{ data: { brands: { slug: string }[]; prices: { max: number } } }>(
      base,
      `/api/categories/filters-all/${slug}`,
    );
    const brands = filters.data.brands.slice(0, 4).map((b) => b.slug);
    const half = Math.round(filters.data.prices.max / 2);
    for (let page = 1; page <= 5; page++) {
      for (const sort of sorts)
        varied.push(`/api/category-products/${slug}?page=${page}&sort=${sort}`);
    }
    for (const brand of brands) varied.push(`/api/category-products/${slug}?brands=${brand}`);
    varied.push(`/api/category-products/${slug}?price_to=${half}&sort=cheap`);
    varied.push(`/api/category-products/${slug}?price_from=${half}&page=2`);
  }
  const searches: string[] = [];
  for (const query of SEARCH_QUERIES) {
    const q = encodeURIComponent(query);
    searches.push(`/api/search?query=${q}`, `/api/search?query=${q}&page=2`);
    for (const sort of sorts) searches.push(`/api/search?query=${q}&sort=${sort}`);
  }
  return {
    cached,
    varied: { name: 'category pages, varied pages/sorts/filters', paths: varied },
    searches: { name: 'searches, varied words/scripts/typos/sorts/pages', paths: searches },
  };
}

interface Row {
  db: string;
  case: string;
  cache: string;
  measured: Measured;
  bare?: Measured;
}

const rows: Row[] = [];
const steadyRows: { db: string; case: string; measured: SteadyMeasured; load: string }[] = [];
const peaks: { db: string; cache: string; mb: number[] }[] = [];

/**
 * Each case with the cache on, the bare server right after it on the same paths (so both see the
 * same load from whatever else runs on the machine), then each case with the cache off.
 */
async function benchOne(db: string, env: Record<string, string>, processes: number): Promise<void> {
  let cases: Awaited<ReturnType<typeof casesOf>> | undefined;
  const bareOf = new Map<string, Measured>();
  const modes = (['on', 'off'] as const).filter((c) => !args.cache || args.cache === c);
  for (const cache of modes) {
    const shop = await startShop({ ...env, RESPONSE_CACHE: cache });
    let bare: Running | undefined;
    try {
      cases ??= await casesOf(shop.base);
      const bodies: Record<string, string> = {};
      for (const path of cases.cached.flatMap((c) => c.paths)) {
        const first = await fetch(`${shop.base}${path}`);
        bodies[path] = await first.text();
        const second = await fetch(`${shop.base}${path}`);
        await second.arrayBuffer();
        const expected = cache === 'on' ? 'hit' : 'miss';
        if (second.headers.get('x-cache') !== expected) {
          throw new Error(`${path}: x-cache ${second.headers.get('x-cache')}, not ${expected}`);
        }
      }
      if (cache === 'on') bare = await startBare(bodies, processes);
      for (const c of cases.cached) {
        const measured = await load(shop.base, c.paths);
        if (bare) bareOf.set(c.name, await load(bare.base, c.paths));
        rows.push({ db, case: c.name, cache, measured, bare: bareOf.get(c.name) });
        console.log(`  ${db} ${c.name}, cache ${cache}: ${measured.rps.toFixed(0)} req/s`);
      }
      if (cache === 'off') {
        for (const c of [cases.varied, cases.searches]) {
          const measured = await load(shop.base, c.paths);
          rows.push({ db, case: c.name, cache, measured });
          console.log(`  ${db} ${c.name}, cache off: ${measured.rps.toFixed(0)} req/s`);
        }
        for (const c of rate > 0 ? [cases.varied, cases.searches] : []) {
          await settle(shop.base, c.paths);
          const measured = await steadyLoad(shop.base, c.paths, { rate, duration, connections });
          steadyRows.push({ db, case: c.name, measured, load: load1() });
          console.log(
            `  ${db} ${c.name}, cache off, ${rate} a second: p99 ${measured.p99.toFixed(1)} ms`,
          );
        }
      }
      peaks.push({ db, cache, mb: shop.peaks() });
    } finally {
      await bare?.stop();
      await shop.stop();
    }
  }
}

/** Seconds the server is left alone before a steady row, then loaded at half its rate. */
const SETTLE_S = 3;
const WARM_S = 3;

/**
 * Readies the server for a steady row: the rows before it load it beyond what it answers (the
 * closed loop, and category pages at a rate above their most), which leaves requests queued and
 * a heap full of what they held; measured straight after, a row times that backlog draining,
 * not the shop at its rate. So the server rests, then answers the row's requests at half the
 * rate for a while, untimed, as a shop does before its busy hour.
 */
async function settle(base: string, paths: string[]): Promise<void> {
  await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
  await steadyLoad(base, paths, { rate: Math.ceil(rate / 2), duration: WARM_S, connections });
}

interface LogRow {
  db: string;
  case: string;
  warn: Measured;
  info: Measured;
  /** Bytes the default settings logged per request answered. */
  bytesPerRequest: number;
  load: string;
}

const logRows: LogRow[] = [];

const mean = (measured: Measured[]): Measured => ({
  rps: measured.reduce((sum, m) => sum + m.rps, 0) / measured.length,
  p50: Math.max(...measured.map((m) => m.p50)),
  p99: Math.max(...measured.map((m) => m.p99)),
  failed: measured.reduce((sum, m) => sum + m.failed, 0),
});

/**
 * The cached reads served with `LOG_LEVEL=warn` and with the default settings, in turns (warn,
 * default, warn, default…) so that whatever else the machine does weighs on both alike. Each
 * server has its own copy of the database when it is the embedded one (one process per data
 * directory).
 */
async function benchLogs(db: string, envOf: (copy: number) => Record<string, string>) {
  const logDir = mkdtempSync(join(tmpdir(), 'bozor-bench-log-'));
  const logFile = join(logDir, 'server.log');
  const warn = await startShop({ ...envOf(0), LOG_LEVEL: 'warn' });
  let info: Running | undefined;
  try {
    info = await startShop({ ...envOf(1), LOG_LEVEL: '' }, logFile);
    const { cached } = await casesOf(warn.base);
    for (const path of cached.flatMap((c) => c.paths)) {
      for (const shop of [warn, info]) {
        for (let i = 0; i < 2; i++) await (await fetch(`${shop.base}${path}`)).arrayBuffer();
      }
    }
    for (const c of cached) {
      const loadAverage = load1();
      const runs: { warn: Measured[]; info: Measured[] } = { warn: [], info: [] };
      let requests = 0;
      const bytesBefore = statSync(logFile).size;
      for (let round = 0; round < logRounds; round++) {
        runs.warn.push(await load(warn.base, c.paths));
        const measured = await load(info.base, c.paths);
        runs.info.push(measured);
        requests += measured.rps * duration;
      }
      // the asynchronous destination may still be writing the last lines
      await new Promise((r) => setTimeout(r, 500));
      const bytesPerRequest = (statSync(logFile).size - bytesBefore) / Math.max(requests, 1);
      const row = { db, case: c.name, warn: mean(runs.warn), info: mean(runs.info) };
      logRows.push({ ...row, bytesPerRequest, load: loadAverage });
      console.log(
        `  ${db} ${c.name}: warn ${row.warn.rps.toFixed(0)} req/s, default ${row.info.rps.toFixed(0)} req/s`,
      );
    }
  } finally {
    await info?.stop();
    await warn.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

async function reachable(url: string): Promise<boolean> {
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
    connectionTimeoutMillis: 2_000,
  });
  try {
    await admin.connect();
    const name = new URL(url).pathname.slice(1);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    return true;
  } catch {
    return false;
  } finally {
    await admin.end().catch(() => {});
  }
}

/** Migrates and seeds `productCount` products unless the database already holds them. */
async function preparePostgres(url: string): Promise<string> {
  const database = openDatabase({ url });
  const { db } = database;
  await database.migrate();
  const counted = await db.execute(sql`select count(*)::int as n from products`);
  const existing = (counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  if (args.reseed || existing !== productCount) {
    console.log(`Seeding ${productCount} products into ${new URL(url).pathname.slice(1)}…`);
    const started = performance.now();
    await db.execute(
      sql`truncate categories, brands, colors, products, tags, attributes, tariffs, contacts, banners, collections, contents, questions, branches, search_words restart identity cascade`,
    );
    await db.transaction((tx) => seedDemo(tx, { products: productCount }));
    await db.execute(sql`vacuum analyze`);
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const version = await db.execute(sql`select version() as v`);
  await database.close();
  return (version as unknown as { rows: { v: string }[] }).rows[0]?.v.split(',')[0] ?? '';
}

const load1 = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`,
);
console.log(
  `${connections} connections, ${duration} s a case; load average ${load1()} at the start${existsSync(join(webDist, 'index.html')) ? '' : ' (storefront not built: API only)'}`,
);

if (args.only !== 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'bozor-bench-db-'));
  try {
    console.log('Embedded database (PGlite), 1 API process, demo catalogue…');
    // a first start migrates and seeds, as `npm start`'s first run does; the measured starts
    // then only serve, so their peak memory is the load's
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_ON_START: 'true' };
    const preparing = await startShop(env);
    await preparing.stop();
    if (!args['logs-only']) await benchOne('embedded', env, 1);
    if (!args['no-logs']) {
      console.log('Logs: LOG_LEVEL=warn and the default settings, in turns…');
      cpSync(dataDir, `${dataDir}-copy`, { recursive: true });
      await benchLogs('embedded', (copy) => ({
        ...env,
        DATA_DIR: copy === 0 ? dataDir : `${dataDir}-copy`,
      }));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-copy`, { recursive: true, force: true });
  }
}
if (args.only !== 'embedded') {
  if (await reachable(benchUrl)) {
    const version = await preparePostgres(benchUrl);
    console.log(`${version}, ${productCount} products, ${workers} processes…`);
    const env = {
      DATABASE_URL: benchUrl,
      SEED_ON_START: 'false',
      WEB_CONCURRENCY: String(workers),
    };
    const name = `postgres ${productCount / 1000}k`;
    if (!args['logs-only']) await benchOne(name, env, workers);
    if (!args['no-logs']) {
      console.log('Logs: LOG_LEVEL=warn and the default settings, in turns…');
      await benchLogs(name, () => env);
    }
  } else {
    console.log(`PostgreSQL at ${benchUrl} is not reachable: skipped`);
  }
}

const header = [
  'database',
  'case',
  'cache',
  'req/s',
  'p50 ms',
  'p99 ms',
  'bare req/s',
  'of bare',
  'failed',
];
/** A Markdown table: the columns named in `text` left-aligned, every other one right-aligned. */
function printTable(header: string[], body: string[][], text: string[]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map((h) => (text.includes(h) ? '---' : '---:')).join(' | ')} |`);
  for (const cells of body) console.log(`| ${cells.join(' | ')} |`);
}

if (rows.length > 0) {
  console.log('');
  const body = rows.map((r) => [
    r.db,
    r.case,
    r.cache,
    r.measured.rps.toFixed(0),
    String(r.measured.p50),
    String(r.measured.p99),
    r.bare ? r.bare.rps.toFixed(0) : '',
    r.bare ? `${((100 * r.measured.rps) / r.bare.rps).toFixed(0)} %` : '',
    String(r.measured.failed),
  ]);
  printTable(header, body, ['database', 'case', 'cache']);
}
if (steadyRows.length > 0) {
  console.log(
    `\nAt a steady ${rate} requests a second, cache off (ms from the moment each request was due)`,
  );
  const ms = (value: number) => value.toFixed(1);
  const body = steadyRows.map(({ db, case: name, measured: m, load }) => [
    db,
    name,
    m.rps.toFixed(0),
    ms(m.p50),
    ms(m.p90),
    ms(m.p99),
    ms(m.max),
    `${ms(m.lateP99)} / ${ms(m.lateMax)}`,
    String(m.failed),
    load,
  ]);
  const steadyHeader = [
    'database',
    'case',
    'answered req/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'sent late p99 / max ms',
    'failed',
    'load average',
  ];
  printTable(steadyHeader, body, ['database', 'case', 'load average']);
}
if (logRows.length > 0) {
  console.log('\nLogs: the same server with LOG_LEVEL=warn and with the default settings (info)');
  const body = logRows.map((r) => [
    r.db,
    r.case,
    r.warn.rps.toFixed(0),
    r.info.rps.toFixed(0),
    `${((100 * r.info.rps) / r.warn.rps).toFixed(0)} %`,
    String(r.warn.p99),
    String(r.info.p99),
    r.bytesPerRequest.toFixed(0),
    r.load,
    String(r.warn.failed + r.info.failed),
  ]);
  const logHeader = [
    'database',
    'case',
    'warn req/s',
    'default req/s',
    'default / warn',
    'p99 warn ms',
    'p99 default ms',
    'log bytes / request',
    'load average',
    'failed',
  ];
  printTable(logHeader, body, ['database', 'case', 'load average']);
}
console.log('\npeak RSS per process (MB):');
for (const p of peaks) {
  console.log(`  ${p.db}, cache ${p.cache}: ${p.mb.map((mb) => mb.toFixed(0)).join(', ')}`);
}
console.log(`load average ${load1()} at the end (other work on the machine skews the numbers)`);
