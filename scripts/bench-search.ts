/**
 * `npm run bench:search`: seeds a large catalogue into PostgreSQL and measures typical queries
 * through Bozor's search (best matches first, each list sort, and the filter panel), side by side
 * with a plain `ILIKE '%q%'` over the same names: ranked in PostgreSQL (a process whose search
 * index is not in memory), and ranked in the index kept in memory as a served process does.
 *
 *   BENCH_DATABASE_URL  PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/bozor_bench;
 *                       the database is created when missing)
 *   --products N        catalogue size (default 100000)
 *   --runs N            timed runs per query (default 40)
 *   --reseed            seed again even when the catalogue already has N products
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { SORTS, type Sort } from '@bozor/shared';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/demo.ts';
import { watchCatalogue } from '../apps/api/src/lib/catalogue-changes.ts';
import { keepSearchInMemory } from '../apps/api/src/modules/search/memory.ts';
import { searchAnswer, searchFilters } from '../apps/api/src/modules/search/service.ts';
import { SEARCH_QUERIES } from './lib/search-queries.ts';

/** Queries timed once per list sort, and for the filter panel. */
const SORTED_QUERIES = ['samsung', 'sam', 'телев', 'iphone 15'];
const FILTER_QUERIES = ['samsung', 'самсунг', 'sam', 'телевизор', 'smasung', 'iphone 15'];

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

// a second handle on the same database keeps the search index in memory, as a served process
const served = openDatabase({ url });
const changes = await watchCatalogue(served, { warn: console.warn, info: () => {} });
const memory = keepSearchInMemory(served.db, changes, (error) => console.error(error));
await memory.caughtUp();
if (!memory.ready) throw new Error('the search index was not read into memory');

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ilike = (q: string) => {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`is_active and (name_uz ilike ${pattern} or name_ru ilike ${pattern})`;
};
const BASELINE_ORDER: Record<Sort | 'best', SQL> = {
  best: sql`popularity desc, id`,
  famous: sql`popularity desc, id`,
  cheap: sql`price, id`,
  expensive: sql`price desc, id`,
  discount: sql`case when old_price > price then (old_price - price)::float8 / old_price else 0 end desc, popularity desc, id`,
  rating: sql`rating desc, popularity desc, id`,
};
const baseline = async (q: string, sort: Sort | 'best') => {
  const where = ilike(q);
  const [, total] = await Promise.all([
    db.execute(
      sql`select id from products where ${where} order by ${BASELINE_ORDER[sort]} limit 24`,
    ),
    db.execute(sql`select count(*)::int as n from products where ${where}`),
  ]);
  return rowsOf<{ n: number }>(total)[0]?.n ?? 0;
};
const bozor = async (q: string, sort: Sort | 'best', on = db) => {
  const query = { query: q, page: 1, per_page: 24, ...(sort === 'best' ? {} : { sort }) };
  // the count closes the answer's text (its page's meta); read there, not by parsing the whole
  const total = /"total":(\d+)\}\}\}\}$/.exec(await searchAnswer(on, query, 'uz'))?.[1];
  if (total === undefined) throw new Error(`no count in the answer to ${q}`);
  return Number(total);
};
/** The filter panel's size: its brands, colours and attribute values. */
const baselineFilters = async (q: string) => {
  const where = ilike(q);
  const counts = await Promise.all([
    db.execute(sql`select min(price), max(price) from products where ${where}`),
    db.execute(
      sql`select brand_id, count(*) from products where ${where} and brand_id is not null group by brand_id`,
    ),
    db.execute(
      sql`select color_id, count(*) from products where ${where} and color_id is not null group by color_id`,
    ),
    db.execute(
      sql`select v.value_id, count(*) from products join product_attribute_values v on v.product_id = products.id where ${where} group by v.value_id`,
    ),
  ]);
  return counts.slice(1).reduce<number>((n, r) => n + rowsOf(r).length, 0);
};
const bozorFilters = async (q: string, on = db) => {
  const panel = await searchFilters(on, q, 'uz');
  return (
    panel.brands.length +
    panel.colors.length +
    panel.filters.reduce((n, f) => n + f.values.length, 0)
  );
};

interface Case {
  label: string;
  bozor: () => Promise<number>;
  memory?: () => Promise<number>;
  ilike: () => Promise<number>;
}
const cases: Case[] = [
  ...SEARCH_QUERIES.map((q) => ({
    label: q,
    bozor: () => bozor(q, 'best'),
    memory: () => bozor(q, 'best', served.db),
    ilike: () => baseline(q, 'best'),
  })),
  ...SORTED_QUERIES.flatMap((q) =>
    SORTS.map((sort) => ({
      label: `${q} · ${sort}`,
      bozor: () => bozor(q, sort),
      memory: () => bozor(q, sort, served.db),
      ilike: () => baseline(q, sort),
    })),
  ),
  ...FILTER_QUERIES.map((q) => ({
    label: `filters: ${q}`,
    bozor: () => bozorFilters(q),
    memory: () => bozorFilters(q, served.db),
    ilike: () => baselineFilters(q),
  })),
];

const server = await db.execute(sql`select version() as v`);
console.log(`\n${(server as unknown as { rows: { v: string }[] }).rows[0]?.v.split(',')[0]}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `${productCount} products, ${runs} runs per query, times in ms (first page of 24 + total; filters: the panel)`,
);
console.log(`load average ${load()} at the start\n`);
const header = [
  'query',
  'bozor p50',
  'bozor p95',
  'hits',
  'memory p50',
  'memory p95',
  'hits',
  'ILIKE p50',
  'ILIKE p95',
  'hits',
];
const rows: string[][] = [];
const all = { bozor: [] as number[], memory: [] as number[], ilike: [] as number[] };
for (const c of cases) {
  const ours = await time(c.bozor);
  const kept = c.memory ? await time(c.memory) : undefined;
  const plain = await time(c.ilike);
  if (kept) all.memory.push(kept.p95);
  all.bozor.push(ours.p95);
  all.ilike.push(plain.p95);
  rows.push([
    c.label,
    ours.p50.toFixed(1),
    ours.p95.toFixed(1),
    String(ours.hits),
    kept ? kept.p50.toFixed(1) : '',
    kept ? kept.p95.toFixed(1) : '',
    kept ? String(kept.hits) : '',
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
  `\nworst p95: bozor ${worst(all.bozor).toFixed(1)} ms, memory ${worst(all.memory).toFixed(1)} ms, ILIKE ${worst(all.ilike).toFixed(1)} ms; median p95 ratio ILIKE/bozor ${(median(all.ilike) / median(all.bozor)).toFixed(1)}×, bozor/memory ${(median(all.bozor) / median(all.memory)).toFixed(1)}×`,
);
console.log(`load average ${load()} at the end (other work on the machine skews the times)`);
await changes.close();
await served.close();
await database.close();
