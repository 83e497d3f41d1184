/**
 * Seeds the demo shop (@bozor/demo: catalogue, pages, banners, collections, and its buyers with
 * their delivered orders and reviews) into the configured database (DATABASE_URL, else PGlite at
 * DATA_DIR), as the first start does. --reset empties the demo's tables and removes its buyers.
 * Usage: npm run seed -- [--products N] [--seed S] [--reset]
 */
import { parseArgs } from 'node:util';
import { DEFAULT_PRODUCTS, DEFAULT_SEED, DEMO_PHONE } from '@bozor/demo';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/demo.ts';
import { isCatalogueEmpty } from '../apps/api/src/db/prepare.ts';

const USAGE = 'Usage: npm run seed -- [--products N] [--seed S] [--reset]';

/** Tables the seed fills; CASCADE also empties whatever references them (baskets, favorites…). */
const DEMO_TABLES = [
  'categories',
  'brands',
  'colors',
  'products',
  'tags',
  'product_tags',
  'attributes',
  'attribute_values',
  'product_attribute_values',
  'tariffs',
  'contacts',
  'search_words',
  'contents',
  'questions',
  'branches',
  'banners',
  'collections',
];

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw.replaceAll('_', '')))
    fail(`--${name} must be a whole number, got "${raw}"`);
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isSafeInteger(value) || value < min) fail(`--${name} must be at least ${min}`);
  return value;
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        products: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
}

const args = parseOptions();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const products = wholeNumber('products', args.products, DEFAULT_PRODUCTS, 0);
const seed = wholeNumber('seed', args.seed, DEFAULT_SEED, 0);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

const database = openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
let exitCode = 0;
try {
  await database.migrate();
  const { db } = database;
  const target = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite at ${config.dataDir}`;
  if (args.reset) {
    const list = sql.join(
      DEMO_TABLES.map((t) => sql.identifier(t)),
      sql`, `,
    );
    await db.transaction(async (tx) => {
      // the demo's buyers are customers like any: found by their phones' block, their orders (and
      // with them their order lines, reviews and votes) go first; one who paid for something keeps
      // it, and the reset stops there
      const buyers = sql`select id from customers where phone ~ ${DEMO_PHONE.source}`;
      await tx.execute(sql`delete from orders where customer_id in (${buyers})`);
      await tx.execute(sql`delete from customers where id in (${buyers})`);
      await tx.execute(sql`truncate ${list} restart identity cascade`);
    });
    console.log(`Emptied the demo shop's tables and removed its buyers in ${target}.`);
  } else if (!(await isCatalogueEmpty(db))) {
    console.error(`The catalogue in ${target} is not empty; run with --reset to replace it.`);
    exitCode = 1;
  }
  if (exitCode === 0) {
    console.log(`Seeding ${products} products (seed ${seed}) into ${target}…`);
    const started = performance.now();
    const counts = await db.transaction((tx) => seedDemo(tx, { products, seed }));
    const seconds = (performance.now() - started) / 1000;
    for (const [table, rows] of Object.entries(counts)) console.log(`  ${table}: ${rows}`);
    console.log(`Done in ${seconds.toFixed(1)} s.`);
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
