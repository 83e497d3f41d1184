/**
 * `npm run bench:web`: Lighthouse's mobile audit (simulated slow 4G, 4× CPU slowdown), with its
 * accessibility and SEO scores and the audits that fail them, of the home, a category and a
 * product page, in Debian's Chromium. Without `--url` it starts the shop
 * (`scripts/start.ts`: builds the storefront when needed) on a free port with a fresh embedded
 * database of its own, and stops it when done.
 *
 *   npm run bench:web                                  # start a shop, audit it once, stop it
 *   npm run bench:web -- --runs 5                      # the median of 5 audits of each page
 *   npm run bench:web -- --url http://127.0.0.1:3000   # audit a shop that is already running
 *   npm run bench:web -- --runs 3 --compare .bench/before/web/dist
 *       # side by side: a second shop serves the storefront built in that folder (its
 *       # dist-server beside it; inside the project, as its renderer imports React from
 *       # node_modules), and each page is audited in both in turns, before then after
 *
 *   CHROME_PATH   the browser to drive (default /usr/bin/chromium)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, waitReady } from './lib/server.ts';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The category audited when the catalogue has it (the demo's), else the first top category. */
const PREFERRED_CATEGORY = 'smartfonlar-va-gadjetlar';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '1' },
    compare: { type: 'string' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number above 0');
  process.exit(1);
}
const compareDist = args.compare ? resolve(args.compare) : undefined;
if (compareDist && !existsSync(join(compareDist, 'index.html'))) {
  console.error(`--compare: no storefront build in ${compareDist} (its index.html is missing)`);
  process.exit(1);
}
if (compareDist && !existsSync(join(compareDist, '..', 'dist-server', 'entry-server.js'))) {
  console.error(`--compare: no server renderer beside ${compareDist} (../dist-server)`);
  process.exit(1);
}
if (compareDist && args.url) {
  console.error('--compare starts both shops itself: it cannot be used with --url');
  process.exit(1);
}
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`no browser at ${chromePath}: apt-get install chromium, or set CHROME_PATH`);
  process.exit(1);
}

interface Shop {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** A shop on a fresh embedded database; `webDist` serves another build of the storefront. */
async function startShop(webDist?: string): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bozor-bench-web-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'db'),
      UPLOAD_DIR: join(dataDir, 'uploads'),
      DATABASE_URL: '',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
      SEED_ON_START: 'true',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const shop = { url: `http://127.0.0.1:${port}`, child, dataDir };
  // the first start may build the storefront before it seeds the database
  try {
    await waitReady(child, `${shop.url}/readyz`, 300);
  } catch (err) {
    await stopShop(shop);
    throw err;
  }
  return shop;
}

async function stopShop(shop: Shop): Promise<void> {
  if (shop.child.exitCode === null && shop.child.signalCode === null) {
    const exited = once(shop.child, 'exit');
    shop.child.kill('SIGTERM');
    const timer = setTimeout(() => shop.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(shop.dataDir, { recursive: true, force: true });
}

async function apiData<T>(base: string, path: string): Promise<T | undefined> {
  const res = await fetch(`${base}/api${path}`).catch((err: Error) => {
    throw new Error(`${base} does not answer: ${err.message}`);
  });
  return res.ok ? ((await res.json()) as { data: T }).data : undefined;
}

/** The pages to audit: home, a category and a product of it, by the slugs the catalogue has. */
async function pagesOf(base: string): Promise<string[]> {
  type Named = { id: number; slug: string };
  const category =
    (await apiData<Named>(base, `/categories/${PREFERRED_CATEGORY}`)) ??
    (await apiData<Named[]>(base, '/categories/top'))?.[0];
  if (!category) throw new Error(`${base} has no categories`);
  const product =
    (await apiData<Named[]>(base, `/category-products/${category.id}?per_page=1`))?.[0] ??
    (await apiData<Named[]>(base, '/products/famous'))?.[0];
  if (!product) throw new Error(`${base} has no products`);
  return ['/', `/category/${category.slug}`, `/product/${product.slug}`];
}

interface Measure {
  score: number;
  /** Lighthouse's accessibility and SEO scores, which no machine's speed moves. */
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
}

type SummaryRow = { resourceType: string; transferSize: number };

/** Lighthouse now and then loses a page load's trace (NO_NAVSTART): such a run is tried again. */
const ATTEMPTS = 3;

async function audit(chrome: LaunchedChrome, url: string, attempt = 1): Promise<Measure> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) {
    if (attempt < ATTEMPTS) {
      console.warn(`  ${url}: ${lhr.runtimeError.code}, trying again`);
      return audit(chrome, url, attempt + 1);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  for (const warning of lhr.runWarnings) console.warn(`  ${url}: ${warning}`);
  for (const category of ['accessibility', 'seo'] as const) {
    const failing = (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => {
        const details = lhr.audits[ref.id]?.details;
        const items = (details && 'items' in details ? details.items : []) as {
          node?: { selector?: string };
        }[];
        const where = items.map((item) => item.node?.selector).filter(Boolean);
        return `${ref.id}${where.length ? ` (${where.slice(0, 3).join(', ')})` : ''}`;
      });
    if (failing.length) console.warn(`  ${url}: ${category} fails ${failing.join('; ')}`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits['resource-summary']?.details;
  const summary = (details && 'items' in details ? details.items : []) as SummaryRow[];
  const transferred = (type: string) =>
    summary.find((r) => r.resourceType === type)?.transferSize ?? 0;
  return {
    score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
    accessibility: (lhr.categories.accessibility?.score ?? Number.NaN) * 100,
    seo: (lhr.categories.seo?.score ?? Number.NaN) * 100,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: transferred('script'),
    totalBytes: transferred('total'),
  };
}

/** A page's first load, unthrottled and unmeasured, so the audits meet a warm server. */
async function warmUp(chrome: LaunchedChrome, url: string): Promise<void> {
  await lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    throttlingMethod: 'provided',
    onlyAudits: ['first-contentful-paint'],
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const shops: Shop[] = [];
let chrome: LaunchedChrome | undefined;
const stop = async () => {
  chrome?.kill();
  chrome = undefined;
  await Promise.all(shops.splice(0).map(stopShop));
};
process.once('SIGINT', () => {
  void stop().then(() => process.exit(130));
});
// a crash past the finally below must not leave a shop running
process.on('exit', () => {
  for (const shop of shops) {
    shop.child.kill('SIGKILL');
    rmSync(shop.dataDir, { recursive: true, force: true });
  }
});

/** The builds audited: the current one, and with --compare the other one first. */
interface Build {
  name: string;
  base: string;
}

function printTable(pages: string[], results: Map<string, Measure>): void {
  const width = Math.max(...pages.map((p) => p.length), 4);
  const head = ['score', 'LCP s', 'TBT ms', 'CLS', 'JS KB', 'total KB', 'a11y', 'SEO'];
  console.log(['page'.padEnd(width), ...head.map((h) => h.padStart(9))].join(' '));
  for (const page of pages) {
    const m = results.get(page);
    if (!m) continue;
    const cells = [
      m.score.toFixed(0),
      (m.lcpMs / 1000).toFixed(2),
      m.tbtMs.toFixed(0),
      m.cls.toFixed(3),
      (m.jsBytes / 1000).toFixed(1),
      (m.totalBytes / 1000).toFixed(1),
      m.accessibility.toFixed(0),
      m.seo.toFixed(0),
    ];
    console.log([page.padEnd(width), ...cells.map((c) => c.padStart(9))].join(' '));
  }
}

let failed = false;
try {
  const builds: Build[] = [];
  if (compareDist) {
    // both shops seed the same demo catalogue, so the pages have the same addresses; one after
    // the other, as the first builds the current storefront when its sources have changed
    const after = await startShop();
    shops.push(after);
    const before = await startShop(compareDist);
    shops.push(before);
    builds.push({ name: `before (${compareDist})`, base: before.url });
    builds.push({ name: 'after (this build)', base: after.url });
  } else if (args.url) {
    builds.push({ name: args.url, base: args.url.replace(/\/$/, '') });
  } else {
    const shop = await startShop();
    shops.push(shop);
    builds.push({ name: shop.url, base: shop.url });
  }
  const pages = await pagesOf(builds.at(-1)!.base);
  chrome = await launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  console.log(
    `Lighthouse mobile audit of ${builds.map((b) => b.base).join(' and ')} (${new Date().toISOString()})`,
  );
  console.log(
    `Node ${process.version}, ${availableParallelism()} CPUs, load average ${load()}; ` +
      `${runs === 1 ? '1 run' : `median of ${runs} runs`} a page` +
      `${builds.length > 1 ? ', the builds audited in turns' : ''}\n`,
  );
  const results = new Map(builds.map((build) => [build, new Map<string, Measure>()]));
  for (const page of pages) {
    for (const build of builds) await warmUp(chrome, build.base + page);
    const measures = new Map<Build, Measure[]>(builds.map((build) => [build, []]));
    // in turns, so that the machine's other work weighs on every build alike
    for (let i = 0; i < runs; i++) {
      for (const build of builds) measures.get(build)!.push(await audit(chrome, build.base + page));
    }
    for (const build of builds) {
      const list = measures.get(build)!;
      const of = (key: keyof Measure) => median(list.map((m) => m[key]));
      results.get(build)!.set(page, {
        score: of('score'),
        accessibility: of('accessibility'),
        seo: of('seo'),
        lcpMs: of('lcpMs'),
        tbtMs: of('tbtMs'),
        cls: of('cls'),
        jsBytes: of('jsBytes'),
        totalBytes: of('totalBytes'),
      });
    }
  }
  for (const build of builds) {
    if (builds.length > 1) console.log(`${build.name}:`);
    printTable(pages, results.get(build)!);
    if (builds.length > 1) console.log('');
  }
  console.log(
    `${builds.length > 1 ? '' : '\n'}KB = 1,000 bytes transferred; load average at the end ${load()}`,
  );
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? err.message : err);
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
