/**
 * `npm run bench:search`: seeds a large catalogue into PostgreSQL and measures typical queries
 * through Bozor's search, side by side with a plain `ILIKE '%q%'` over the same names.
 *
 *   BENCH_DATABASE_URL  PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/bozor_bench;
 *                       the database is created when missing)
 *   --products N        catalogue size (default 100000)
 *   --runs N            timed runs per query (default 40)
 *   --reseed            seed again even when the catalogue already has N products
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/demo.ts';
import { search } from '../apps/api/src/modules/search/service.ts';

const QUERIES = [
  'samsung',
  'самсунг',
  'televizor',
  'телевизор',
  'smasung',
  'televzor',
  'xolodilnik',
  'холодильник',
  'iphone 15',
  'redmi note',
  'noutbuk',
  'divan',
  'krossovka',
  'artel',
  'sam',
  'телев',
];

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
    reseed: { type: 'boolean', default: false },
  },
});
const productCount = Number(args.products);
const runs = Number(args.runs);
if (!Number.isInteger(productCount) || productCount < 1 || !Number.isInteger(runs) || runs < 1) {
  console.error('--products and --runs must be whole numbers above 0');
  process.exit(1);
}

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bozor_bench';
async function ensureDatabase(target: string): Promise<void> {
  const name = new URL(target).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(target), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  await admin.end();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function time(
  fn: () => Promise<number>,
): Promise<{ p50: number; p95: number; hits: number }> {
  let hits = 0;
  for (let i = 0; i < 3; i++) hits = await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), hits };
}

await ensureDatabase(url);
const database = openDatabase({ url });
const { db } = database;
await database.migrate();

const counted = await db.execute(sql`select count(*)::int as n from products`);
const existing = (counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
if (args.reseed || existing !== productCount) {
  console.log(`Seeding ${productCount} products…`);
  const started = performance.now();
  await db.execute(
    sql`truncate categories, brands, colors, products, tags, attributes, tariffs, contacts, banners, collections, contents, questions, branches, search_words restart identity cascade`,
  );
  await db.transaction((tx) => seedDemo(tx, { products: productCount }));
  await db.execute(sql`vacuum analyze`);
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const baseline = async (q: string) => {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql`is_active and (name_uz ilike ${pattern} or name_ru ilike ${pattern})`;
  const [page, total] = await Promise.all([
    db.execute(sql`select id from products where ${where} order by popularity desc, id limit 24`),
    db.execute(sql`select count(*)::int as n from products where ${where}`),
  ]);
  void page;
  return (total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
};
const bozor = async (q: string) => {
  const result = await search(db, { query: q, page: 1, per_page: 24 }, 'uz');
  return result.products.meta.total;
};

const server = await db.execute(sql`select version() as v`);
console.log(`\n${(server as unknown as { rows: { v: string }[] }).rows[0]?.v.split(',')[0]}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `${productCount} products, ${runs} runs per query, times in ms (first page of 24 + total)`,
);
console.log(`load average ${load()} at the start\n`);
const header = ['query', 'bozor p50', 'bozor p95', 'hits', 'ILIKE p50', 'ILIKE p95', 'hits'];
const rows: string[][] = [];
const all = { bozor: [] as number[], ilike: [] as number[] };
for (const q of QUERIES) {
  const ours = await time(() => bozor(q));
  const plain = await time(() => baseline(q));
  all.bozor.push(ours.p95);
  all.ilike.push(plain.p95);
  rows.push([
    q,
    ours.p50.toFixed(1),
    ours.p95.toFixed(1),
    String(ours.hits),
    plain.p50.toFixed(1),
    plain.p95.toFixed(1),
    String(plain.hits),
  ]);
}
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
console.log(line(header));
for (const r of rows) console.log(line(r));
const worst = (list: number[]) => Math.max(...list);
const median = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
console.log(
  `\nworst p95: bozor ${worst(all.bozor).toFixed(1)} ms, ILIKE ${worst(all.ilike).toFixed(1)} ms; median p95 ratio ILIKE/bozor ${(median(all.ilike) / median(all.bozor)).toFixed(1)}×`,
);
console.log(`load average ${load()} at the end (other work on the machine skews the times)`);
await database.close();
