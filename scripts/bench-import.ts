/**
 * `npm run bench:import`: times the products spreadsheet's import on the embedded database. It
 * seeds the demo shop into a fresh PGlite folder, writes an XLSX of N new products (default
 * 100,000) over the demo's categories, brands, colours, tags, attribute values and collections,
 * then times the dry run and the import (batches of 500 rows, one transaction each), and the
 * same file once more, which changes nothing. Prints rows/s, peak RSS and the load average.
 *
 *   --rows N     products in the file (default 100000)
 *   --keep       keep the database folder and the file (their paths are printed)
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_COLUMNS } from '@bozor/shared';
import { count, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { prepareDatabase } from '../apps/api/src/db/prepare.ts';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  collections,
  colors,
  importJobs,
  products,
  staff,
  tags,
} from '../apps/api/src/db/schema/index.ts';
import { saveImportFile } from '../apps/api/src/modules/catalogue/import-files.ts';
import {
  checkImport,
  continueImport,
  type ImportDeps,
  runImport,
  startImport,
} from '../apps/api/src/modules/catalogue/imports.ts';
import { LocalStorage } from '../apps/api/src/providers/storage/index.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
if (!Number.isInteger(rows) || rows < 1) {
  console.error('--rows must be a whole number above 0');
  process.exit(1);
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
/** Peak resident memory of this process (VmHWM) in MB. */
const peakRssMb = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

const work = mkdtempSync(join(tmpdir(), 'bozor-bench-import-'));
const file = join(work, 'products.xlsx');
const database = openDatabase({ dataDir: join(work, 'db') });
const { db } = database;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

console.log(
  `bench:import — ${rows.toLocaleString('en')} rows, ${cpus().length} cores (${cpus()[0]?.model.trim()}), node ${process.version}`,
);
console.log(`load average at the start: ${load()}`);
await prepareDatabase(database, { seed: true, log: silent });

const [leaves, brandRows, colorRows, tagRows, valueRows, collectionRows] = await Promise.all([
  db.select({ slug: categories.slug }).from(categories),
  db.select({ slug: brands.slug }).from(brands),
  db.select({ slug: colors.slug }).from(colors),
  db.select({ name: tags.nameUz }).from(tags),
  db
    .select({ slug: attributes.slug, value: attributeValues.valueUz })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId)),
  db.select({ slug: collections.slug }).from(collections).where(isNull(collections.rule)),
]);
const pick = <T>(list: T[], i: number): T | undefined => list[i % Math.max(1, list.length)];

let started = performance.now();
{
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('products');
  sheet.addRow([...IMPORT_COLUMNS]).commit();
  for (let i = 0; i < rows; i += 1) {
    const n = String(i).padStart(6, '0');
    const value = pick(valueRows, i);
    const cells: Record<string, string | number> = {
      sku: `BENCH-${n}`,
      name_uz: `Sinov mahsuloti ${n}`,
      name_ru: `Тестовый товар ${n}`,
      description_uz: `<p>Sinov mahsuloti ${n}: yaxshi sifat, kafolat bilan.</p>`,
      description_ru: `<p>Тестовый товар ${n}: хорошее качество, с гарантией.</p>`,
      price: 100_000 + (i % 5_000) * 1_000,
      old_price: i % 4 === 0 ? 200_000 + (i % 5_000) * 1_000 : '',
      stock: i % 50,
      category: pick(leaves, i)?.slug ?? '',
      brand: i % 3 === 0 ? '' : (pick(brandRows, i)?.slug ?? ''),
      color: i % 2 === 0 ? (pick(colorRows, i)?.slug ?? '') : '',
      tags: i % 5 === 0 ? (pick(tagRows, i)?.name ?? '') : '',
      attributes: value ? `${value.slug}:${value.value}` : '',
      collections: i % 50 === 0 ? (pick(collectionRows, i)?.slug ?? '') : '',
      active: i % 10 === 0 ? 0 : 1,
      images: '/media/products/smartphone/4.svg',
      slug: '',
    };
    sheet.addRow(IMPORT_COLUMNS.map((c) => cells[c])).commit();
  }
  sheet.commit();
  await workbook.commit();
}
const writeSeconds = (performance.now() - started) / 1000;
console.log(
  `file: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB written in ${writeSeconds.toFixed(1)} s`,
);

const [member] = await db
  .insert(staff)
  .values({ email: 'bench@bozor.test', name: 'Bench', role: 'owner', passwordHash: 'not-used' })
  .returning();
const actor = { staffId: member!.id, ip: null };
const deps: ImportDeps = {
  db,
  storage: new LocalStorage(join(work, 'uploads'), { private: true }),
  imageHosts: [],
  savePicture: async () => {
    throw new Error('the bench names no picture URLs');
  },
  sliceMs: Number.POSITIVE_INFINITY,
};

/** One upload's dry run and import, timed. */
async function pass(label: string) {
  // each pass uploads the file again, as staff would
  const id = await startImport(db, {
    fileName: 'products.xlsx',
    key: await saveImportFile(deps.storage, file),
    staffId: actor.staffId,
  });
  started = performance.now();
  await checkImport(deps, id);
  const checkSeconds = (performance.now() - started) / 1000;
  const [checked] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  await runImport(db, id, actor);
  started = performance.now();
  await continueImport(deps, id);
  const runSeconds = (performance.now() - started) / 1000;
  const [done] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  const rate = (seconds: number) => Math.round(rows / seconds).toLocaleString('en');
  console.log(
    `${label}: dry run ${checkSeconds.toFixed(1)} s (${rate(checkSeconds)} rows/s; planned ${JSON.stringify((checked?.report as { planned?: unknown } | undefined)?.planned)}), import ${runSeconds.toFixed(1)} s (${rate(runSeconds)} rows/s; status ${done?.status}, created ${done?.created}, updated ${done?.updated}, unchanged ${done?.unchanged}); load ${load()}`,
  );
}

await pass('first run, all new');
await pass('same file again');
const [total] = await db.select({ n: count() }).from(products);
console.log(`products in the shop: ${total?.n.toLocaleString('en')}`);
console.log(`peak RSS: ${peakRssMb().toFixed(0)} MB; load average at the end: ${load()}`);
await database.close();
if (args.keep) console.log(`kept: ${work}`);
else rmSync(work, { recursive: true, force: true });
