/**
 * The products spreadsheet (XLSX or CSV): one row per product keyed by SKU, the columns of
 * IMPORT_COLUMNS named in the header row. An export writes exactly what an import reads, so a
 * file exported and imported back changes nothing.
 *
 * Cells: `price`, `old_price` and `stock` whole numbers (spaces between thousands allowed;
 * `old_price` empty for none); `category`, `brand`, `color` the slug (brand and colour empty for
 * none); `tags` tag names (Uzbek or Russian) separated by `;`; `attributes` `attribute-slug:value`
 * pairs separated by `;` (the value in Uzbek or Russian), for example `memory:256 GB;ram:8 GB`;
 * `collections` slugs of hand-picked collections separated by `;`; `active` 1 or 0 (yes/no);
 * `images` `/media/…` paths of the shop or https URLs to fetch, separated by `;`, the first the
 * main picture; `slug` empty to keep the product's address (a new one is made from its name);
 * `ikpu`, `package_code`, `units` and `vat_percent` the product's own fiscal code, each empty to
 * take its category's (IKPU and package code written as text, so a spreadsheet keeps every digit);
 * `size_class` `standard` or `bulky` (large goods, KGT), empty for standard.
 * A tag or attribute value whose name is not unique is written `#id`, which an import takes too.
 */
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import {
  CSV_BOM,
  formatCsvRow,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportFormat,
  type ImportMessageKey,
  inheritFiscalCode,
  MAX_IMPORT_ROWS,
  ProductInput,
  readCsvCell,
  SIZE_CLASSES,
  type SizeClass,
} from '@bozor/shared';
import { and, asc, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sanitizeHtml from 'sanitize-html';
import type { Executor } from '../../db/client.ts';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  collectionProducts,
  collections,
  colors,
  productAttributeValues,
  products,
  productTags,
  tags,
} from '../../db/schema/index.ts';
import { isFieldMessageKey } from '../../lib/error-messages.ts';
import { DESCRIPTION_HTML } from './service.ts';
import { type SheetLimits, SheetRefused, type SheetRow } from './sheet-reader.ts';
import type { SheetMessage, SheetTask } from './sheet-worker.ts';

export { type SheetLimits, SheetRefused, type SheetRow };

/** A product as the spreadsheet compares it: ProductInput's fields with its id. */
export interface ProductState {
  id: number;
  code: string;
  slug: string;
  name_uz: string;
  name_ru: string;
  description_uz: string;
  description_ru: string;
  price: number;
  old_price: number | null;
  stock: number;
  category_id: number;
  brand_id: number | null;
  color_id: number | null;
  /** Sorted, without repeats, as are the two below. */
  tag_ids: number[];
  attribute_value_ids: number[];
  collection_ids: number[];
  is_active: boolean;
  images: string[];
  /** Its own fiscal code; null takes its category's. */
  ikpu: string | null;
  package_code: string | null;
  units: number | null;
  vat_percent: number | null;
  size_class: SizeClass;
}

/** A rule a cell breaks: the column's key and the message key the API words. */
export interface CellError {
  column: string;
  key: string;
  /** What the cell held, when it is not the row's cell of `column` (a header's, one address). */
  value?: string;
}

// ---------------------------------------------------------------------------------------------
// Reading files

/** XLSX by its bytes (a ZIP), CSV otherwise by its name; null when it is neither. */
export async function detectFormat(path: string, fileName: string): Promise<ImportFormat | null> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
      return 'xlsx';
    }
    if (!/\.(csv|txt)$/i.test(fileName)) return null;
    // text: no NUL bytes, and UTF-8 up to a character the 4 KB may have cut in half (a stream's
    // decoder waits for the rest of it; only a file's real end must end whole)
    if (bytes.includes(0)) return null;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes, {
        stream: bytesRead === head.length,
      });
    } catch {
      return null;
    }
    return 'csv';
  } finally {
    await handle.close();
  }
}

/**
 * What reading one uploaded file may take. A valid product's row is under 100 KB (two
 * descriptions of at most 20,000 characters, two bytes each in Cyrillic, and lists of at most 100
 * names), and Excel has 16,384 columns. An XLSX saved by Excel keeps each distinct text once in a
 * shared table, held while its sheet is read: a million texts of 32 million characters in all fit
 * the reading thread's heap with room. Each limit is named in the message of its refusal.
 */
export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  rows: MAX_IMPORT_ROWS,
  rowBytes: 256 * 1024,
  rowCells: 16_384,
  partBytes: 1024 * 1024 * 1024,
  parts: 10_000,
  sharedStrings: 1_000_000,
  sharedStringChars: 32_000_000,
  memoryMb: 256,
};

const SHEET_WORKER = new URL('./sheet-worker.ts', import.meta.url);
/**
 * The least heap a reading thread is given, whatever `memoryMb` says: V8 stops the whole process,
 * not the thread, when a thread's heap is too small for it to start (1 MB does it; 8 MB starts).
 */
const MIN_THREAD_HEAP_MB = 16;

type Delivered = SheetMessage | { kind: 'stopped'; error?: Error; code?: number };

/**
 * The rows of the file's first sheet that have text, in order, read in a thread of its own
 * (sheet-worker.ts) with a heap of `limits.memoryMb`: whatever the file, this process is handed
 * it a batch of rows at a time, the thread reading at most one batch ahead, and its event loop
 * does none of the parsing. A file past a limit, one this server cannot open, one not XLSX or CSV,
 * and one whose reading needs more memory than the thread has all end in SheetRefused, with the
 * key the import fails with.
 */
export async function* readSheet(
  path: string,
  format: ImportFormat,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): AsyncGenerator<SheetRow> {
  const task: SheetTask = { path, format, limits };
  const worker = new Worker(SHEET_WORKER, {
    workerData: task,
    resourceLimits: { maxOldGenerationSizeMb: Math.max(limits.memoryMb, MIN_THREAD_HEAP_MB) },
  });
  const inbox: Delivered[] = [];
  let wake = () => {};
  const deliver = (message: Delivered) => {
    inbox.push(message);
    wake();
  };
  worker.on('message', deliver);
  worker.on('error', (error) => deliver({ kind: 'stopped', error }));
  worker.on('exit', (code) => deliver({ kind: 'stopped', code }));
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      if (message.kind === 'end') return;
      if (message.kind === 'failed') throw new SheetRefused(message.key, message.detail);
      if (message.kind === 'stopped') {
        // V8 stops a thread at its heap limit with this error, or with no error and an exit code
        const { error, code } = message;
        if (error && (error as { code?: unknown }).code !== 'ERR_WORKER_OUT_OF_MEMORY') throw error;
        throw new SheetRefused('import_file_too_much_memory', error?.message ?? `exit ${code}`);
      }
      // the thread reads the next batch while this one is taken
      worker.postMessage('more');
      for (const row of message.rows) {
        // the guard an export put in CSV cells comes off here, by the shop's CSV rules (the
        // reading thread does not load the shared package)
        yield format === 'csv' ? { number: row.number, values: row.values.map(readCsvCell) } : row;
      }
    }
  } finally {
    await worker.terminate();
  }
}

/** The header row's columns by position, and its errors (row 1, on the column named). */
export function readHeader(values: string[]): {
  columns: (ImportColumn | null)[];
  present: Set<ImportColumn>;
  errors: CellError[];
} {
  const errors: CellError[] = [];
  const present = new Set<ImportColumn>();
  const columns = values.map((raw) => {
    const name = raw.trim().toLowerCase();
    if (name === '') return null;
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) {
      errors.push({ column: raw.trim().slice(0, 50), key: 'import_column_unknown', value: raw });
      return null;
    }
    const column = name as ImportColumn;
    if (present.has(column)) {
      errors.push({ column, key: 'import_column_repeated', value: raw });
      return null;
    }
    present.add(column);
    return column;
  });
  for (const column of ['sku', 'name_uz', 'name_ru', 'price', 'stock', 'category'] as const) {
    if (!present.has(column)) errors.push({ column, key: 'import_column_missing' });
  }
  return { columns, present, errors };
}

/** A data row's cells by column key (trimmed). */
export function cellsOf(
  values: string[],
  columns: (ImportColumn | null)[],
): Partial<Record<ImportColumn, string>> {
  const cells: Partial<Record<ImportColumn, string>> = {};
  for (const [index, column] of columns.entries()) {
    if (column) cells[column] = (values[index] ?? '').trim();
  }
  return cells;
}

// ---------------------------------------------------------------------------------------------
// The shop's dictionaries, by the names a spreadsheet uses

export interface Dictionaries {
  categoryBySlug: Map<string, number>;
  categorySlug: Map<number, string>;
  /** Every category under each (itself included), for an export of one. */
  categoryChildren: Map<number, number[]>;
  brandBySlug: Map<string, number>;
  brandSlug: Map<number, string>;
  colorBySlug: Map<string, number>;
  colorSlug: Map<number, string>;
  /** A name in either language, lower case; null when more than one tag has it. */
  tagByName: Map<string, number | null>;
  tagLabel: Map<number, string>;
  /** `attribute-slug:value` in either language, lower case; null when not unique. */
  valueByKey: Map<string, number | null>;
  valueLabel: Map<number, string>;
  /** Hand-picked collections only: one by rule chooses its products itself. */
  collectionBySlug: Map<string, number>;
  collectionSlug: Map<number, string>;
  /** Categories that give their goods an IKPU and package code (their own or one above's). */
  categoryCoded: Set<number>;
}

const lower = (text: string) => text.trim().toLowerCase();
const sortedUnique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

function addName<K>(map: Map<K, number | null>, key: K, id: number) {
  const seen = map.get(key);
  map.set(key, seen === undefined || seen === id ? id : null);
}

export async function loadDictionaries(db: Executor): Promise<Dictionaries> {
  const [categoryRows, brandRows, colorRows, tagRows, attributeRows, valueRows, collectionRows] =
    await Promise.all([
      db
        .select({
          id: categories.id,
          slug: categories.slug,
          parentId: categories.parentId,
          ikpu: categories.ikpu,
          packageCode: categories.packageCode,
          units: categories.units,
          vatPercent: categories.vatPercent,
        })
        .from(categories),
      db.select({ id: brands.id, slug: brands.slug }).from(brands),
      db.select({ id: colors.id, slug: colors.slug }).from(colors),
      db.select().from(tags),
      db.select({ id: attributes.id, slug: attributes.slug }).from(attributes),
      db.select().from(attributeValues),
      db
        .select({ id: collections.id, slug: collections.slug })
        .from(collections)
        .where(isNull(collections.rule)),
    ]);
  const children = new Map<number | null, number[]>();
  for (const row of categoryRows) {
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  }
  const subtree = (id: number): number[] => {
    const out: number[] = [];
    const walk = (current: number, depth: number) => {
      out.push(current);
      if (depth < 10) for (const child of children.get(current) ?? []) walk(child, depth + 1);
    };
    walk(id, 0);
    return out;
  };
  const tagByName = new Map<string, number | null>();
  for (const tag of tagRows) {
    addName(tagByName, lower(tag.nameUz), tag.id);
    addName(tagByName, lower(tag.nameRu), tag.id);
  }
  const attributeSlug = new Map(attributeRows.map((a) => [a.id, a.slug]));
  const valueByKey = new Map<string, number | null>();
  for (const value of valueRows) {
    const slug = attributeSlug.get(value.attributeId) ?? '';
    addName(valueByKey, `${slug}:${lower(value.valueUz)}`, value.id);
    addName(valueByKey, `${slug}:${lower(value.valueRu)}`, value.id);
  }
  const tagLabel = new Map<number, string>();
  for (const tag of tagRows) {
    const unique = tagByName.get(lower(tag.nameUz)) === tag.id && !/[;#]/.test(tag.nameUz);
    tagLabel.set(tag.id, unique && tag.nameUz.trim() !== '' ? tag.nameUz.trim() : `#${tag.id}`);
  }
  const valueLabel = new Map<number, string>();
  for (const value of valueRows) {
    const slug = attributeSlug.get(value.attributeId) ?? '';
    const key = `${slug}:${lower(value.valueUz)}`;
    const unique = valueByKey.get(key) === value.id && !value.valueUz.includes(';');
    valueLabel.set(value.id, unique ? `${slug}:${value.valueUz.trim()}` : `#${value.id}`);
  }
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  const chain = (id: number) => {
    const out: (typeof categoryRows)[number][] = [];
    for (let row = categoryById.get(id); row && out.length < 10; ) {
      out.push(row);
      row = row.parentId === null ? undefined : categoryById.get(row.parentId);
    }
    return out;
  };
  return {
    categoryBySlug: new Map(categoryRows.map((c) => [c.slug, c.id])),
    categorySlug: new Map(categoryRows.map((c) => [c.id, c.slug])),
    categoryChildren: new Map(categoryRows.map((c) => [c.id, subtree(c.id)])),
    brandBySlug: new Map(brandRows.map((b) => [b.slug, b.id])),
    brandSlug: new Map(brandRows.map((b) => [b.id, b.slug])),
    colorBySlug: new Map(colorRows.map((c) => [c.slug, c.id])),
    colorSlug: new Map(colorRows.map((c) => [c.id, c.slug])),
    tagByName,
    tagLabel,
    valueByKey,
    valueLabel,
    collectionBySlug: new Map(collectionRows.map((c) => [c.slug, c.id])),
    collectionSlug: new Map(collectionRows.map((c) => [c.id, c.slug])),
    categoryCoded: new Set(
      categoryRows
        .filter((c) => inheritFiscalCode(chain(c.id)).code_from !== null)
        .map((c) => c.id),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Products as the spreadsheet sees them

const stateColumns = {
  id: products.id,
  code: products.code,
  slug: products.slug,
  nameUz: products.nameUz,
  nameRu: products.nameRu,
  descriptionUz: products.descriptionUz,
  descriptionRu: products.descriptionRu,
  price: products.price,
  oldPrice: products.oldPrice,
  stock: products.stock,
  categoryId: products.categoryId,
  brandId: products.brandId,
  colorId: products.colorId,
  isActive: products.isActive,
  images: products.images,
  ikpu: products.ikpu,
  packageCode: products.packageCode,
  units: products.units,
  vatPercent: products.vatPercent,
  sizeClass: products.sizeClass,
};

type StateRow = {
  id: number;
  code: string;
  slug: string;
  nameUz: string;
  nameRu: string;
  descriptionUz: string;
  descriptionRu: string;
  price: number;
  oldPrice: number | null;
  stock: number;
  categoryId: number;
  brandId: number | null;
  colorId: number | null;
  isActive: boolean;
  images: string[];
  ikpu: string | null;
  packageCode: string | null;
  units: number | null;
  vatPercent: number | null;
  sizeClass: SizeClass;
};

/**
 * The products' tags, attribute values and hand-picked collections: three queries for them all,
 * one after another (an import reads them inside its transaction, whose connection runs one
 * query at a time).
 */
async function withLinks(db: Executor, rows: StateRow[]): Promise<ProductState[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const tagRows = await db
    .select({ id: productTags.productId, link: productTags.tagId })
    .from(productTags)
    .where(inArray(productTags.productId, ids));
  const valueRows = await db
    .select({ id: productAttributeValues.productId, link: productAttributeValues.valueId })
    .from(productAttributeValues)
    .where(inArray(productAttributeValues.productId, ids));
  const collectionRows = await db
    .select({ id: collectionProducts.productId, link: collectionProducts.collectionId })
    .from(collectionProducts)
    .where(inArray(collectionProducts.productId, ids));
  const group = (links: { id: number; link: number }[]) => {
    const map = new Map<number, number[]>();
    for (const { id, link } of links) map.set(id, [...(map.get(id) ?? []), link]);
    return (id: number) => sortedUnique(map.get(id) ?? []);
  };
  const tagsOf = group(tagRows);
  const valuesOf = group(valueRows);
  const collectionsOf = group(collectionRows);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    slug: row.slug,
    name_uz: row.nameUz,
    name_ru: row.nameRu,
    description_uz: row.descriptionUz,
    description_ru: row.descriptionRu,
    price: Number(row.price),
    old_price: row.oldPrice === null ? null : Number(row.oldPrice),
    stock: row.stock,
    category_id: row.categoryId,
    brand_id: row.brandId,
    color_id: row.colorId,
    tag_ids: tagsOf(row.id),
    attribute_value_ids: valuesOf(row.id),
    collection_ids: collectionsOf(row.id),
    is_active: row.isActive,
    images: row.images,
    ikpu: row.ikpu,
    package_code: row.packageCode,
    units: row.units,
    vat_percent: row.vatPercent,
    size_class: row.sizeClass,
  }));
}

/** The products of these SKUs by SKU; `lock` takes their rows for the transaction, in id order. */
export async function productsByCode(
  db: Executor,
  codes: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, ProductState>> {
  if (codes.length === 0) return new Map();
  const query = db
    .select(stateColumns)
    .from(products)
    .where(inArray(products.code, codes))
    .orderBy(asc(products.id));
  const rows = options.lock ? await query.for('update') : await query;
  return new Map((await withLinks(db, rows)).map((state) => [state.code, state]));
}

/** Every product (or those of some categories) in id order, a page at a time. */
export async function* allProducts(
  db: Executor,
  categoryIds: number[] | undefined,
  pageSize = 1_000,
): AsyncGenerator<ProductState> {
  if (categoryIds?.length === 0) return;
  let after = 0;
  for (;;) {
    const where: SQL[] = [gt(products.id, after)];
    if (categoryIds) where.push(inArray(products.categoryId, categoryIds));
    const rows = await db
      .select(stateColumns)
      .from(products)
      .where(and(...where))
      .orderBy(asc(products.id))
      .limit(pageSize);
    for (const state of await withLinks(db, rows)) yield state;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.id;
  }
}

/** Products of other SKUs holding any of these slugs: slug → SKU. */
export async function slugOwners(db: Executor, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: products.slug, code: products.code })
    .from(products)
    .where(inArray(products.slug, slugs));
  return new Map(rows.map((r) => [r.slug, r.code]));
}

// ---------------------------------------------------------------------------------------------
// A row to a product

const list = (cell: string) =>
  cell
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
const isUrl = (part: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(part);

/** A whole number, spaces between thousands allowed; undefined when empty, NaN when not one. */
function wholeNumber(cell: string): number | undefined {
  const text = cell.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return undefined;
  return /^-?\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
}

/** What a row asks a product to be: ProductInput, with URLs among its pictures still to fetch. */
export interface ResolvedRow {
  input: ProductInput | null;
  errors: CellError[];
  /** Pictures given by URL that `fetched` did not know, in the row's order. */
  urls: string[];
}

const FIELD_COLUMNS: Record<string, ImportColumn> = {
  code: 'sku',
  category_id: 'category',
  brand_id: 'brand',
  color_id: 'color',
  tag_ids: 'tags',
  attribute_value_ids: 'attributes',
  collection_ids: 'collections',
  is_active: 'active',
};

/** What a row must give when it puts a product on sale. */
export interface RowRules {
  /** Fiscalisation is on: an active product resolves to an IKPU and a package code. */
  requireFiscalCode?: boolean;
}
/** Stands for a picture still to fetch while the rest of the row is checked. */
const PENDING_PICTURE = '/media/u/pending';

/**
 * Reads a row's cells into ProductInput: slugs and names to ids, a column the file leaves out
 * from the current product (or empty for a new one), URL pictures by the paths `fetched` knows,
 * then the shared rules of a product. Every broken rule is one error on its column.
 */
export function resolveRow(
  cells: Partial<Record<ImportColumn, string>>,
  dictionaries: Dictionaries,
  current: ProductState | undefined,
  fetched: ReadonlyMap<string, string>,
  rules: RowRules = {},
): ResolvedRow {
  const errors: CellError[] = [];
  const fail = (column: ImportColumn, key: ImportMessageKey) => {
    if (!errors.some((e) => e.column === column)) errors.push({ column, key });
  };
  const has = (column: ImportColumn) => cells[column] !== undefined;
  const cell = (column: ImportColumn) => cells[column] ?? '';

  const number = (
    column: 'price' | 'old_price' | 'stock' | 'units' | 'vat_percent',
    fallback: number | null | undefined,
  ) => {
    if (!has(column)) return fallback;
    // a rate may be written with its sign: "12%"
    const text = column === 'vat_percent' ? cell(column).replace(/%$/, '') : cell(column);
    const value = wholeNumber(text);
    if (Number.isNaN(value)) fail(column, 'import_number_invalid');
    return value;
  };
  const bySlug = (
    column: 'category' | 'brand' | 'color',
    map: Map<string, number>,
    key: ImportMessageKey,
    fallback: number | null,
  ): number | null => {
    if (!has(column)) return fallback;
    const slug = lower(cell(column));
    if (slug === '') return null;
    const id = map.get(slug);
    if (id === undefined) fail(column, key);
    return id ?? null;
  };
  const byNames = (
    column: 'tags' | 'attributes' | 'collections',
    find: (part: string) => number | null | undefined,
    key: ImportMessageKey,
    fallback: number[],
  ): number[] => {
    if (!has(column)) return fallback;
    const ids: number[] = [];
    for (const part of list(cell(column))) {
      const id = find(part);
      if (id === null || id === undefined) fail(column, key);
      else ids.push(id);
    }
    return sortedUnique(ids);
  };
  const byId = (part: string, known: Map<number, string>) => {
    const match = /^#(\d{1,9})$/.exec(part);
    if (!match) return undefined;
    const id = Number(match[1]);
    return known.has(id) ? id : null;
  };

  let isActive = current?.is_active ?? true;
  if (has('active')) {
    const text = lower(cell('active'));
    if (['1', 'yes', 'true', ''].includes(text)) isActive = true;
    else if (['0', 'no', 'false'].includes(text)) isActive = false;
    else fail('active', 'import_active_invalid');
  }

  let sizeClass: SizeClass = current?.size_class ?? 'standard';
  if (has('size_class')) {
    const text = lower(cell('size_class'));
    if (text === '') sizeClass = 'standard';
    else if ((SIZE_CLASSES as readonly string[]).includes(text)) sizeClass = text as SizeClass;
    else fail('size_class', 'import_size_class_invalid');
  }

  const urls: string[] = [];
  let images = current?.images ?? [];
  if (has('images')) {
    images = [];
    for (const part of list(cell('images'))) {
      if (!isUrl(part)) images.push(part);
      else if (!/^https:\/\//i.test(part)) fail('images', 'import_image_https_only');
      else {
        const path = fetched.get(part);
        if (path === undefined) urls.push(part);
        images.push(path ?? part);
      }
    }
  }

  const category = bySlug(
    'category',
    dictionaries.categoryBySlug,
    'import_category_unknown',
    current?.category_id ?? null,
  );
  const candidate = {
    code: cell('sku'),
    name_uz: has('name_uz') ? cell('name_uz') : (current?.name_uz ?? ''),
    name_ru: has('name_ru') ? cell('name_ru') : (current?.name_ru ?? ''),
    description_uz: has('description_uz')
      ? cell('description_uz')
      : (current?.description_uz ?? ''),
    description_ru: has('description_ru')
      ? cell('description_ru')
      : (current?.description_ru ?? ''),
    slug: has('slug') ? lower(cell('slug')) : '',
    price: number('price', current?.price),
    old_price: number('old_price', current?.old_price ?? null) ?? null,
    stock: number('stock', current?.stock),
    // an unknown slug is refused above; 0 only keeps the shared rules from naming it again
    category_id: category ?? 0,
    brand_id: bySlug(
      'brand',
      dictionaries.brandBySlug,
      'import_brand_unknown',
      current?.brand_id ?? null,
    ),
    color_id: bySlug(
      'color',
      dictionaries.colorBySlug,
      'import_color_unknown',
      current?.color_id ?? null,
    ),
    tag_ids: byNames(
      'tags',
      (part) => byId(part, dictionaries.tagLabel) ?? dictionaries.tagByName.get(lower(part)),
      'import_tag_unknown',
      current?.tag_ids ?? [],
    ),
    attribute_value_ids: byNames(
      'attributes',
      (part) => {
        const id = byId(part, dictionaries.valueLabel);
        if (id !== undefined) return id;
        const at = part.indexOf(':');
        if (at <= 0) return undefined;
        return dictionaries.valueByKey.get(
          `${lower(part.slice(0, at))}:${lower(part.slice(at + 1))}`,
        );
      },
      'import_attribute_unknown',
      current?.attribute_value_ids ?? [],
    ),
    collection_ids: byNames(
      'collections',
      (part) => dictionaries.collectionBySlug.get(lower(part)),
      'import_collection_unknown',
      current?.collection_ids ?? [],
    ),
    is_active: isActive,
    images: images.map((image) => (isUrl(image) ? PENDING_PICTURE : image)),
    ikpu: has('ikpu') ? cell('ikpu') : (current?.ikpu ?? null),
    package_code: has('package_code') ? cell('package_code') : (current?.package_code ?? null),
    units: number('units', current?.units ?? null) ?? null,
    vat_percent: number('vat_percent', current?.vat_percent ?? null) ?? null,
    size_class: sizeClass,
  };
  const parsed = ProductInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'sku');
      const column = FIELD_COLUMNS[field] ?? (field as ImportColumn);
      fail(
        column,
        isFieldMessageKey(issue.message)
          ? (issue.message as ImportMessageKey)
          : 'import_number_invalid',
      );
    }
  }
  if (parsed.success && rules.requireFiscalCode && parsed.data.is_active) {
    const own = parsed.data.ikpu !== null && parsed.data.package_code !== null;
    if (!own && !dictionaries.categoryCoded.has(parsed.data.category_id)) {
      if (parsed.data.ikpu === null) errors.push({ column: 'ikpu', key: 'publish_ikpu_missing' });
      if (parsed.data.package_code === null) {
        errors.push({ column: 'package_code', key: 'publish_package_code_missing' });
      }
    }
  }
  if (errors.length > 0 || !parsed.success) return { input: null, errors, urls };
  return { input: { ...parsed.data, images }, errors, urls };
}

/** The product a valid row makes, as it would be stored (descriptions cleaned). */
export function nextState(input: ProductInput, slug: string, id: number): ProductState {
  return {
    id,
    code: input.code,
    slug,
    name_uz: input.name_uz,
    name_ru: input.name_ru,
    description_uz: sanitizeHtml(input.description_uz, DESCRIPTION_HTML),
    description_ru: sanitizeHtml(input.description_ru, DESCRIPTION_HTML),
    price: input.price,
    old_price: input.old_price,
    stock: input.stock,
    category_id: input.category_id,
    brand_id: input.brand_id,
    color_id: input.color_id,
    tag_ids: sortedUnique(input.tag_ids),
    attribute_value_ids: sortedUnique(input.attribute_value_ids),
    collection_ids: sortedUnique(input.collection_ids),
    is_active: input.is_active,
    images: input.images,
    ikpu: input.ikpu,
    package_code: input.package_code,
    units: input.units,
    vat_percent: input.vat_percent,
    size_class: input.size_class,
  };
}

const COMPARED: [keyof ProductState, ImportColumn][] = [
  ['name_uz', 'name_uz'],
  ['name_ru', 'name_ru'],
  ['description_uz', 'description_uz'],
  ['description_ru', 'description_ru'],
  ['price', 'price'],
  ['old_price', 'old_price'],
  ['stock', 'stock'],
  ['category_id', 'category'],
  ['brand_id', 'brand'],
  ['color_id', 'color'],
  ['tag_ids', 'tags'],
  ['attribute_value_ids', 'attributes'],
  ['collection_ids', 'collections'],
  ['is_active', 'active'],
  ['images', 'images'],
  ['slug', 'slug'],
  ['ikpu', 'ikpu'],
  ['package_code', 'package_code'],
  ['units', 'units'],
  ['vat_percent', 'vat_percent'],
  ['size_class', 'size_class'],
];

/** The columns in which `next` differs from `current`. */
export function changedColumns(next: ProductState, current: ProductState): ImportColumn[] {
  return COMPARED.filter(
    ([field]) => JSON.stringify(next[field]) !== JSON.stringify(current[field]),
  ).map(([, column]) => column);
}

// ---------------------------------------------------------------------------------------------
// Writing files

/** A product's row, in IMPORT_COLUMNS order. */
export function exportCells(product: ProductState, d: Dictionaries): (string | number)[] {
  const cells: Record<ImportColumn, string | number> = {
    sku: product.code,
    name_uz: product.name_uz,
    name_ru: product.name_ru,
    description_uz: product.description_uz,
    description_ru: product.description_ru,
    price: product.price,
    old_price: product.old_price ?? '',
    stock: product.stock,
    category: d.categorySlug.get(product.category_id) ?? '',
    brand: product.brand_id === null ? '' : (d.brandSlug.get(product.brand_id) ?? ''),
    color: product.color_id === null ? '' : (d.colorSlug.get(product.color_id) ?? ''),
    tags: product.tag_ids.map((id) => d.tagLabel.get(id) ?? `#${id}`).join(';'),
    attributes: product.attribute_value_ids.map((id) => d.valueLabel.get(id) ?? `#${id}`).join(';'),
    collections: product.collection_ids
      .map((id) => d.collectionSlug.get(id))
      .filter((slug) => slug !== undefined)
      .join(';'),
    active: product.is_active ? 1 : 0,
    images: product.images.join(';'),
    slug: product.slug,
    ikpu: product.ikpu ?? '',
    package_code: product.package_code ?? '',
    units: product.units ?? '',
    vat_percent: product.vat_percent ?? '',
    size_class: product.size_class,
  };
  return IMPORT_COLUMNS.map((column) => cells[column]);
}

/** Writes the header and the rows as an XLSX workbook, streamed: no more than a row in memory. */
export async function writeXlsx(
  out: Writable,
  rows: AsyncIterable<(string | number)[]>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('products');
  sheet.addRow([...IMPORT_COLUMNS]).commit();
  for await (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}

/**
 * Writes the header and the rows as the shop's CSV (`formatCsvRow`: a byte order mark, commas,
 * texts guarded against formulas), which `readSheet` reads back unchanged.
 */
export async function writeCsv(
  out: Writable,
  rows: AsyncIterable<(string | number)[]>,
): Promise<void> {
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r));
  await write(`${CSV_BOM}${formatCsvRow(IMPORT_COLUMNS)}`);
  for await (const row of rows) await write(formatCsvRow(row));
  out.end();
}
