/**
 * Importing the products spreadsheet: a dry run first (every row checked against the shop and
 * its outcome kept), then the import itself, in batches of one transaction each whose progress
 * is saved with them, so a reload shows it and a restarted process goes on from the last batch.
 * Rows are matched by SKU: a product missing is created, a changed one rewritten, an equal one
 * not written at all, so running the same file twice changes nothing.
 */
import { EventEmitter } from 'node:events';
import {
  type FieldMessageKey,
  type ImportChange,
  type ImportColumn,
  type ImportFormat,
  type ImportJobDetail,
  type ImportJobRow,
  type ImportMessageKey,
  type ImportStatus,
  type ImportsQuery,
  type Lang,
  type PageMeta,
  type ProductInput,
  slugOf,
} from '@bozor/shared';
import { and, count, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import {
  collectionProducts,
  importJobs,
  productAttributeValues,
  products,
  productTags,
  staff,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { DEFAULT_MAX_ATTEMPTS, type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import { isFieldMessageKey } from '../../lib/error-messages.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { Storage } from '../../providers/storage/index.ts';
import { type Actor, type AuditRecord, recordAudit, recordAudits } from '../audit/index.ts';
import {
  checkImageUrl,
  fetchImage,
  type ImageFetchOptions,
  type ResolvedAddress,
  resolveHost,
} from './image-fetch.ts';
import { deleteEndedImportFile, withLocalImportFile } from './import-files.ts';
import {
  type CellError,
  cellsOf,
  changedColumns,
  DEFAULT_SHEET_LIMITS,
  type Dictionaries,
  detectFormat,
  loadDictionaries,
  nextState,
  type ProductState,
  productsByCode,
  type RowRules,
  readHeader,
  readSheet,
  resolveRow,
  type SheetLimits,
  SheetRefused,
  slugOwners,
} from './spreadsheet.ts';

export const IMPORT_CHECK_JOB = 'catalogue.import.check';
export const IMPORT_RUN_JOB = 'catalogue.import.run';

/**
 * Says an import's job is due now: the process's job runner takes it at once instead of at its
 * next round, so a dry run starts as the file arrives and a long import goes on without a pause.
 */
export const importJobsDue = new EventEmitter<{ due: [] }>();

/** Refused cells the report keeps (the count goes on past them). */
const MAX_REPORTED_ERRORS = 1_000;
/** Planned creations and changes the report shows as a sample. */
const MAX_REPORTED_CHANGES = 30;
/** Characters of cells in one batch: a batch of long rows has fewer of them. */
const MAX_BATCH_CHARS = 4_000_000;

export interface ImportDeps {
  db: Database;
  /** The private store the uploaded files are kept in (`imports/…`). */
  storage: Storage;
  /** IMPORT_IMAGE_HOSTS. */
  imageHosts: readonly string[];
  /** How picture hosts resolve (DNS by default). */
  resolve?: ImageFetchOptions['resolve'];
  /** Fetches a picture URL (`fetchImage` by default; tests answer for the network). */
  fetchImage?: typeof fetchImage;
  /** Stores a fetched picture through the shop's picture pipeline; answers its `/media/u/…` path. */
  savePicture: (bytes: Uint8Array, actor: Actor) => Promise<string>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Rows a transaction of the import writes (default 500). */
  batchSize?: number;
  /**
   * How long one job runs the import before leaving the rest to a job of its own (default two
   * minutes): a run never outlasts the runner's lease, and other scheduled work gets its turn.
   */
  sliceMs?: number;
  /** What reading a file may take, over DEFAULT_SHEET_LIMITS (tests lower them). */
  sheetLimits?: Partial<SheetLimits>;
  /**
   * Fiscalisation is on: a row putting a product on sale needs an IKPU and a package code, its
   * own or its category's (DESIGN §6c).
   */
  requireFiscalCode?: boolean;
}

interface StoredError {
  row: number;
  column: string;
  key: string;
  /**
   * The cell as the file had it (for a picture, the address refused; for the header, its cell),
   * cut to `VALUE_SHOWN` characters; none for an empty cell or a column missing.
   */
  value?: string;
}

/** How much of a refused cell the report keeps, so staff see what was wrong. */
const VALUE_SHOWN = 100;

/** `import_jobs.report`: small whatever the file's size. */
interface ImportReport {
  format?: ImportFormat;
  planned?: { create: number; update: number; unchanged: number; error: number };
  errors?: StoredError[];
  errors_total?: number;
  changes?: ImportChange[];
  /** Cells the import itself found wrong that the dry run had not (the shop changed meanwhile). */
  run_errors?: StoredError[];
  run_errors_total?: number;
  /** Picture URLs fetched, with the path each was stored under. */
  fetched?: Record<string, string>;
  run_by?: Actor;
  /** Why the import stopped, as a message key. */
  failure?: string;
}

type ImportRecord = typeof importJobs.$inferSelect;

const limitsOf = (deps: ImportDeps): SheetLimits => ({
  ...DEFAULT_SHEET_LIMITS,
  ...deps.sheetLimits,
});

/**
 * The file's type, or the reason the import stops as a message key. This server not reading the
 * file it was given is not the file's fault, and is not worded as if it were.
 */
async function formatOf(record: ImportRecord): Promise<ImportFormat | ImportMessageKey> {
  try {
    return (await detectFormat(record.filePath, record.fileName)) ?? 'import_file_unreadable';
  } catch {
    return 'import_file_missing';
  }
}

// ---------------------------------------------------------------------------------------------
// Starting, listing, reading

/** Keeps an upload, by its key in the private store, as an import and schedules its dry run. */
export async function startImport(
  db: Database,
  upload: { fileName: string; key: string; staffId: number },
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(importJobs)
      .values({ staffId: upload.staffId, fileName: upload.fileName, filePath: upload.key })
      .returning({ id: importJobs.id });
    const id = row!.id;
    await scheduleJob(tx, IMPORT_CHECK_JOB, new Date(), { import_id: id }, `import:${id}:check`);
    return id;
  }).finally(() => importJobsDue.emit('due'));
}

/** The dry run's planned outcome: from its report, zero while it runs. */
const plannedOf = (report: ImportReport) =>
  report.planned ?? { create: 0, update: 0, unchanged: 0, error: 0 };

function rowOf(record: ImportRecord, staffName: string): ImportJobRow {
  const report = record.report as ImportReport;
  return {
    id: record.id,
    file_name: record.fileName,
    status: record.status as ImportStatus,
    staff_name: staffName,
    total_rows: record.totalRows,
    done_rows: record.doneRows,
    created: record.created,
    updated: record.updated,
    unchanged: record.unchanged,
    planned: plannedOf(report),
    created_at: record.createdAt.toISOString(),
    finished_at: record.finishedAt?.toISOString() ?? null,
  };
}

const wordKey = (key: string, lang: Lang) =>
  isFieldMessageKey(key) ? fieldMessage(key as FieldMessageKey, lang) : key;

export async function listImports(
  db: Executor,
  query: ImportsQuery,
): Promise<{ data: ImportJobRow[]; meta: PageMeta }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ job: importJobs, staffName: staff.name })
      .from(importJobs)
      .innerJoin(staff, eq(staff.id, importJobs.staffId))
      .orderBy(desc(importJobs.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(importJobs),
  ]);
  return {
    data: rows.map((r) => rowOf(r.job, r.staffName)),
    meta: pageMeta(query.page, query.per_page, total?.total ?? 0),
  };
}

export async function importDetail(db: Executor, id: number, lang: Lang): Promise<ImportJobDetail> {
  const [row] = await db
    .select({ job: importJobs, staffName: staff.name })
    .from(importJobs)
    .innerJoin(staff, eq(staff.id, importJobs.staffId))
    .where(eq(importJobs.id, id));
  if (!row) throw notFound('IMPORT_NOT_FOUND');
  const report = row.job.report as ImportReport;
  const seen = new Set<string>();
  const errors = [...(report.errors ?? []), ...(report.run_errors ?? [])]
    .filter((e) => {
      const key = `${e.row}:${e.column}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.row - b.row)
    .slice(0, MAX_REPORTED_ERRORS)
    .map((e) => ({
      row: e.row,
      column: e.column,
      message_key: e.key,
      message: wordKey(e.key, lang),
      value: e.value ?? null,
    }));
  return {
    ...rowOf(row.job, row.staffName),
    errors,
    errors_total: (report.errors_total ?? 0) + (report.run_errors_total ?? 0),
    changes: report.changes ?? [],
    failure: report.failure ? wordKey(report.failure, lang) : null,
  };
}

/** Starts the import of a checked file (once: a second press is refused). */
export async function runImport(db: Database, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(importJobs)
      .set({
        status: 'running',
        doneRows: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
        report: sql`${importJobs.report} || ${JSON.stringify({ run_by: actor })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(and(eq(importJobs.id, id), eq(importJobs.status, 'checked')))
      .returning({ id: importJobs.id });
    if (!row) {
      const [exists] = await tx
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(eq(importJobs.id, id));
      throw exists ? new AppError('IMPORT_NOT_CHECKED', 409) : notFound('IMPORT_NOT_FOUND');
    }
    await scheduleJob(tx, IMPORT_RUN_JOB, new Date(), { import_id: id }, `import:${id}:run:0`);
  });
  importJobsDue.emit('due');
}

// ---------------------------------------------------------------------------------------------
// Rows to outcomes

/** A resolver that asks once per host for a whole file. */
function cachedResolve(resolve: ImageFetchOptions['resolve']): ImageFetchOptions['resolve'] {
  const known = new Map<string, Promise<ResolvedAddress[]>>();
  return (host) => {
    let answer = known.get(host);
    if (!answer) {
      answer = (resolve ?? resolveHost)(host);
      known.set(host, answer);
    }
    return answer;
  };
}

/** What one data row comes to. */
type Outcome =
  | { row: number; sku: string; kind: 'error'; errors: CellError[] }
  | { row: number; sku: string; kind: 'unchanged' }
  | {
      row: number;
      sku: string;
      kind: 'create' | 'update';
      columns: ImportColumn[];
      input: ProductInput;
      current: ProductState | undefined;
      /** Picture URLs not fetched yet. */
      urls: string[];
    };

/** What the rows already read have claimed: SKUs and slugs, each by its first row. */
interface FileClaims {
  skus: Set<string>;
  slugs: Map<string, string>;
}

/**
 * The outcome of each row of a batch against the shop as `current` holds it. SKUs and slugs
 * repeated in the file are refused on their later rows; a slug another product holds is refused.
 */
async function planRows(
  db: Executor,
  rows: { number: number; cells: Partial<Record<ImportColumn, string>> }[],
  context: {
    dictionaries: Dictionaries;
    claims: FileClaims;
    fetched: ReadonlyMap<string, string>;
    current: Map<string, ProductState>;
    urlCheck: ImageFetchOptions | null;
    rules: RowRules;
  },
): Promise<Outcome[]> {
  const { dictionaries, claims, fetched, current } = context;
  const resolved = rows.map((row) => {
    const sku = row.cells.sku ?? '';
    if (sku !== '' && claims.skus.has(sku)) {
      return { row, sku, errors: [{ column: 'sku', key: 'import_sku_repeated' }] as CellError[] };
    }
    if (sku !== '') claims.skus.add(sku);
    const result = resolveRow(row.cells, dictionaries, current.get(sku), fetched, context.rules);
    return { row, sku, errors: result.errors, input: result.input, urls: result.urls };
  });
  const wanted = resolved.map((r) => r.input?.slug ?? '').filter((slug) => slug !== '');
  const owners = await slugOwners(db, wanted);
  const outcomes: Outcome[] = [];
  for (const entry of resolved) {
    const { row, sku } = entry;
    const errors = [...entry.errors];
    const input = 'input' in entry ? entry.input : null;
    const urls = 'urls' in entry ? (entry.urls ?? []) : [];
    if (input && input.slug !== '') {
      const owner = owners.get(input.slug);
      const claimed = claims.slugs.get(input.slug);
      if ((owner !== undefined && owner !== sku) || (claimed !== undefined && claimed !== sku)) {
        errors.push({ column: 'slug', key: 'import_slug_taken' });
      } else {
        claims.slugs.set(input.slug, sku);
      }
    }
    if (input && context.urlCheck) {
      for (const url of urls) {
        const checked = await checkImageUrl(url, context.urlCheck);
        if (!checked.ok) {
          // the address refused, not the whole cell: it may list several
          errors.push({ column: 'images', key: checked.key, value: url });
          break;
        }
      }
    }
    if (errors.length > 0 || !input) {
      const withValues = errors.map((e) => {
        const value = e.value ?? row.cells[e.column as ImportColumn];
        return value ? { ...e, value: value.slice(0, VALUE_SHOWN) } : e;
      });
      outcomes.push({ row: row.number, sku, kind: 'error', errors: withValues });
      continue;
    }
    const before = current.get(sku);
    if (!before) {
      outcomes.push({
        row: row.number,
        sku,
        kind: 'create',
        columns: [],
        input,
        current: undefined,
        urls,
      });
      continue;
    }
    const columns = changedColumns(nextState(input, input.slug || before.slug, before.id), before);
    if (urls.length > 0 && !columns.includes('images')) columns.push('images');
    outcomes.push(
      columns.length === 0
        ? { row: row.number, sku, kind: 'unchanged' }
        : { row: row.number, sku, kind: 'update', columns, input, current: before, urls },
    );
  }
  return outcomes;
}

/** The pictures a file fetched before: URL → stored path, from the imports that ran. */
async function fetchedBefore(db: Executor): Promise<Map<string, string>> {
  const rows = await db
    .select({ fetched: sql<Record<string, string> | null>`${importJobs.report} -> 'fetched'` })
    .from(importJobs)
    .where(sql`${importJobs.report} ? 'fetched'`)
    .orderBy(desc(importJobs.id))
    .limit(50);
  const map = new Map<string, string>();
  for (const row of rows.reverse()) {
    for (const [url, path] of Object.entries(row.fetched ?? {})) map.set(url, path);
  }
  return map;
}

async function loadImport(db: Executor, id: number): Promise<ImportRecord | undefined> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return row;
}

/** Ends an import with the reason, as a message key; its file is no longer needed. */
async function failImport(
  db: Executor,
  id: number,
  key: ImportMessageKey,
  extra: ImportReport = {},
) {
  await db
    .update(importJobs)
    .set({
      status: 'failed',
      lastError: key,
      report: sql`${importJobs.report} || ${JSON.stringify({ ...extra, failure: key })}::jsonb`,
      updatedAt: new Date(),
      finishedAt: new Date(),
    })
    .where(eq(importJobs.id, id));
}

/**
 * The file's rows after its header, in batches of `size` rows at most; none (and the import
 * failed) when its header is wrong. A file that may not or cannot be read throws SheetRefused
 * (readSheet), which ends the import with its key: no run of the job would read it better.
 */
async function* batchesOf(
  db: Executor,
  record: ImportRecord,
  format: ImportFormat,
  size: number,
  limits: SheetLimits,
): AsyncGenerator<{ number: number; cells: Partial<Record<ImportColumn, string>> }[]> {
  let columns: ReturnType<typeof readHeader>['columns'] | undefined;
  let batch: { number: number; cells: Partial<Record<ImportColumn, string>> }[] = [];
  let chars = 0;
  for await (const row of readSheet(record.filePath, format, limits)) {
    if (!columns) {
      const header = readHeader(row.values);
      if (header.errors.length > 0) {
        const errors = header.errors.map((e) => ({
          row: row.number,
          column: e.column,
          key: e.key,
          ...(e.value ? { value: e.value.slice(0, VALUE_SHOWN) } : {}),
        }));
        await failImport(db, record.id, 'import_header_invalid', {
          errors,
          errors_total: errors.length,
        });
        return;
      }
      columns = header.columns;
      continue;
    }
    batch.push({ number: row.number, cells: cellsOf(row.values, columns) });
    for (const value of row.values) chars += value.length;
    if (batch.length >= size || chars >= MAX_BATCH_CHARS) {
      yield batch;
      batch = [];
      chars = 0;
    }
  }
  if (!columns) {
    await failImport(db, record.id, 'import_file_empty');
    return;
  }
  if (batch.length > 0) yield batch;
}

// ---------------------------------------------------------------------------------------------
// The dry run

/** The dry run of one import: reads every row, plans it and keeps the report. */
export async function checkImport(deps: ImportDeps, id: number): Promise<void> {
  const record = await loadImport(deps.db, id);
  if (record?.status !== 'checking') return;
  await withLocalImportFile(deps.storage, record.filePath, (path) =>
    checkLocalImport(deps, { ...record, filePath: path }),
  );
}

/** The dry run of an import whose `filePath` names a copy of its file on this machine. */
async function checkLocalImport(deps: ImportDeps, record: ImportRecord): Promise<void> {
  const { db } = deps;
  const { id } = record;
  const format = await formatOf(record);
  if (format !== 'xlsx' && format !== 'csv') {
    await failImport(db, id, format);
    return;
  }
  const dictionaries = await loadDictionaries(db);
  const fetched = await fetchedBefore(db);
  const claims: FileClaims = { skus: new Set(), slugs: new Map() };
  const urlCheck = { hosts: deps.imageHosts, resolve: cachedResolve(deps.resolve) };
  const planned = { create: 0, update: 0, unchanged: 0, error: 0 };
  const errors: StoredError[] = [];
  const changes: ImportChange[] = [];
  let errorsTotal = 0;
  let rows = 0;
  try {
    for await (const batch of batchesOf(db, record, format, 1_000, limitsOf(deps))) {
      const current = await productsByCode(
        db,
        batch.map((r) => r.cells.sku ?? '').filter((sku) => sku !== ''),
      );
      const outcomes = await planRows(db, batch, {
        dictionaries,
        claims,
        fetched,
        current,
        urlCheck,
        rules: { requireFiscalCode: deps.requireFiscalCode === true },
      });
      for (const outcome of outcomes) {
        if (outcome.kind === 'error') {
          planned.error += 1;
          errorsTotal += outcome.errors.length;
          for (const e of outcome.errors) {
            if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row: outcome.row, ...e });
          }
        } else if (outcome.kind === 'unchanged') {
          planned.unchanged += 1;
        } else {
          planned[outcome.kind] += 1;
          if (changes.length < MAX_REPORTED_CHANGES) {
            changes.push({
              row: outcome.row,
              sku: outcome.sku,
              action: outcome.kind,
              columns: outcome.columns,
            });
          }
        }
      }
      rows += batch.length;
      await db
        .update(importJobs)
        .set({ doneRows: rows, updatedAt: new Date() })
        .where(eq(importJobs.id, id));
    }
  } catch (error) {
    if (!(error instanceof SheetRefused)) throw error;
    await failImport(db, id, error.key);
    return;
  }
  const after = await loadImport(db, id);
  if (after?.status !== 'checking') return;
  if (rows === 0) {
    await failImport(db, id, 'import_file_empty');
    return;
  }
  const report: ImportReport = {
    format,
    planned,
    errors,
    errors_total: errorsTotal,
    changes,
  };
  await db
    .update(importJobs)
    .set({
      status: 'checked',
      totalRows: rows,
      doneRows: rows,
      report: sql`${importJobs.report} || ${JSON.stringify(report)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'checking')));
}

// ---------------------------------------------------------------------------------------------
// The import

/** Free slugs for new products made from their Uzbek names, none taken in the shop or the batch. */
async function freeSlugs(tx: Executor, names: string[], used: Set<string>): Promise<string[]> {
  const bases = names.map((name) => slugOf(name) || 'product');
  const unique = [...new Set(bases)];
  const exact = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(inArray(products.slug, unique));
  const taken = new Set(exact.map((r) => r.slug));
  // numbered slugs are looked for only where one is needed: a base taken, or given twice
  const repeated = unique.filter(
    (base) => taken.has(base) || used.has(base) || bases.indexOf(base) !== bases.lastIndexOf(base),
  );
  if (repeated.length > 0) {
    const numbered = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(or(...repeated.map((base) => like(products.slug, `${base}-%`))));
    for (const row of numbered) taken.add(row.slug);
  }
  return bases.map((base) => {
    let slug = base;
    for (let n = 2; taken.has(slug) || used.has(slug); n += 1) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  });
}

const columnsOf = (input: ProductInput, slug: string) => {
  const state = nextState(input, slug, 0);
  return {
    slug,
    code: state.code,
    nameUz: state.name_uz,
    nameRu: state.name_ru,
    descriptionUz: state.description_uz,
    descriptionRu: state.description_ru,
    price: state.price,
    oldPrice: state.old_price,
    stock: state.stock,
    categoryId: state.category_id,
    brandId: state.brand_id,
    colorId: state.color_id,
    isActive: state.is_active,
    images: state.images,
    ikpu: state.ikpu,
    packageCode: state.package_code,
    units: state.units,
    vatPercent: state.vat_percent,
    sizeClass: state.size_class,
  };
};

/**
 * Writes one batch's creations and changes: products in one multi-row insert, changed ones one
 * update each, their tags, attribute values and hand-picked collections replaced only where they
 * differ. Answers the ids written.
 */
async function writeBatch(
  tx: Executor,
  writes: Extract<Outcome, { kind: 'create' | 'update' }>[],
  audit: { actor: Actor; importId: number },
): Promise<void> {
  const creates = writes.filter((w) => w.kind === 'create');
  const updates = writes.filter((w) => w.kind === 'update');
  const ids = new Map<string, number>();
  /** The slug each new product got (its own, or one made from its name). */
  const newSlugs = new Map<string, string>();
  if (creates.length > 0) {
    const used = new Set<string>(creates.map((w) => w.input.slug).filter((s) => s !== ''));
    const unnamed = creates.filter((w) => w.input.slug === '');
    const made = await freeSlugs(
      tx,
      unnamed.map((w) => w.input.name_uz),
      used,
    );
    const slugs = new Map(unnamed.map((w, i) => [w.sku, made[i] ?? '']));
    const inserted = await tx
      .insert(products)
      .values(creates.map((w) => columnsOf(w.input, w.input.slug || (slugs.get(w.sku) ?? ''))))
      .returning({ id: products.id, code: products.code });
    for (const row of inserted) ids.set(row.code, row.id);
    for (const w of creates) newSlugs.set(w.sku, w.input.slug || (slugs.get(w.sku) ?? ''));
  }
  for (const w of updates) {
    const current = w.current as ProductState;
    ids.set(w.sku, current.id);
    const touchesProduct = w.columns.some(
      (c) => !['tags', 'attributes', 'collections'].includes(c),
    );
    if (touchesProduct) {
      await tx
        .update(products)
        .set(columnsOf(w.input, w.input.slug || current.slug))
        .where(eq(products.id, current.id));
    }
  }
  const linked = (column: ImportColumn) =>
    writes.filter((w) => w.kind === 'create' || w.columns.includes(column));
  const idOf = (w: (typeof writes)[number]) => ids.get(w.sku) as number;
  await recordAudits(
    tx,
    audit.actor,
    writes.map((w) => importAudit(w, idOf(w), newSlugs.get(w.sku), audit.importId)),
  );

  const tagWrites = linked('tags');
  const updatedTagIds = tagWrites.filter((w) => w.kind === 'update').map(idOf);
  if (updatedTagIds.length > 0) {
    await tx.delete(productTags).where(inArray(productTags.productId, updatedTagIds));
  }
  const tagRows = tagWrites.flatMap((w) =>
    [...new Set(w.input.tag_ids)].map((tagId) => ({ productId: idOf(w), tagId })),
  );
  if (tagRows.length > 0) await tx.insert(productTags).values(tagRows);

  const valueWrites = linked('attributes');
  const updatedValueIds = valueWrites.filter((w) => w.kind === 'update').map(idOf);
  if (updatedValueIds.length > 0) {
    await tx
      .delete(productAttributeValues)
      .where(inArray(productAttributeValues.productId, updatedValueIds));
  }
  const valueRows = valueWrites.flatMap((w) =>
    [...new Set(w.input.attribute_value_ids)].map((valueId) => ({ productId: idOf(w), valueId })),
  );
  if (valueRows.length > 0) await tx.insert(productAttributeValues).values(valueRows);

  // a collection keeps the products it had in their places; one newly in it goes to its end
  const added: { collectionId: number; productId: number }[] = [];
  for (const w of linked('collections')) {
    const productId = idOf(w);
    const before = new Set(w.current?.collection_ids ?? []);
    const after = new Set(w.input.collection_ids);
    const dropped = [...before].filter((c) => !after.has(c));
    if (dropped.length > 0) {
      await tx
        .delete(collectionProducts)
        .where(
          and(
            eq(collectionProducts.productId, productId),
            inArray(collectionProducts.collectionId, dropped),
          ),
        );
    }
    for (const collectionId of after) {
      if (!before.has(collectionId)) added.push({ collectionId, productId });
    }
  }
  if (added.length > 0) {
    const collectionIds = [...new Set(added.map((a) => a.collectionId))];
    const ends = await tx
      .select({
        id: collectionProducts.collectionId,
        end: sql<number>`max(${collectionProducts.position})`,
      })
      .from(collectionProducts)
      .where(inArray(collectionProducts.collectionId, collectionIds))
      .groupBy(collectionProducts.collectionId);
    const next = new Map(ends.map((e) => [e.id, Number(e.end) + 1]));
    await tx.insert(collectionProducts).values(
      added.map((a) => {
        const position = next.get(a.collectionId) ?? 0;
        next.set(a.collectionId, position + 1);
        return { ...a, position };
      }),
    );
  }
}

/**
 * The audit entry of one product an import wrote: a new product whole, a changed one as the
 * fields it changed, before → after, each naming the import.
 */
function importAudit(
  w: Extract<Outcome, { kind: 'create' | 'update' }>,
  id: number,
  newSlug: string | undefined,
  importId: number,
): AuditRecord {
  const current = w.current;
  const next = nextState(w.input, w.input.slug || (newSlug ?? current?.slug ?? ''), id);
  if (!current) {
    return {
      action: 'product.create',
      objectType: 'product',
      objectId: id,
      after: { ...next, import_id: importId },
    };
  }
  const fields = (Object.keys(next) as (keyof ProductState)[]).filter(
    (field) => JSON.stringify(next[field]) !== JSON.stringify(current[field]),
  );
  const pick = (state: ProductState) => Object.fromEntries(fields.map((f) => [f, state[f]]));
  return {
    action: 'product.update',
    objectType: 'product',
    objectId: id,
    before: pick(current),
    after: { ...pick(next), import_id: importId },
  };
}

/**
 * Fetches the batch's picture URLs not fetched before and stores them; a URL refused or failing
 * is an error on its row's `images`.
 */
async function fetchPictures(
  deps: ImportDeps,
  outcomes: Outcome[],
  fetched: Map<string, string>,
  actor: Actor,
  resolve: ImageFetchOptions['resolve'],
): Promise<Map<number, CellError>> {
  const failed = new Map<number, CellError>();
  const failedUrls = new Map<string, ImportMessageKey>();
  for (const outcome of outcomes) {
    if (outcome.kind !== 'create' && outcome.kind !== 'update') continue;
    for (const url of outcome.urls) {
      if (fetched.has(url)) continue;
      let key = failedUrls.get(url);
      if (!key) {
        const result = await (deps.fetchImage ?? fetchImage)(url, {
          hosts: deps.imageHosts,
          resolve,
        });
        if (result.ok) {
          try {
            fetched.set(url, await deps.savePicture(result.bytes, actor));
            continue;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            key = 'import_image_not_picture';
          }
        } else {
          key = result.key;
        }
        failedUrls.set(url, key);
      }
      failed.set(outcome.row, { column: 'images', key, value: url.slice(0, VALUE_SHOWN) });
      break;
    }
  }
  return failed;
}

/**
 * One slice of the import: from the rows done so far, batch after batch, each with its progress
 * in one transaction; after `sliceMs` it schedules the rest as a new job. The last batch marks
 * the import done and writes its one audit entry with the counts.
 */
export async function continueImport(deps: ImportDeps, id: number): Promise<void> {
  const record = await loadImport(deps.db, id);
  if (record?.status !== 'running') return;
  await withLocalImportFile(deps.storage, record.filePath, (path) =>
    continueLocalImport(deps, { ...record, filePath: path }),
  );
}

/** One slice of an import whose `filePath` names a copy of its file on this machine. */
async function continueLocalImport(deps: ImportDeps, record: ImportRecord): Promise<void> {
  const { db } = deps;
  const { id } = record;
  const started = Date.now();
  const sliceMs = deps.sliceMs ?? 120_000;
  const size = deps.batchSize ?? 500;
  const report = record.report as ImportReport;
  const format = report.format ?? (await formatOf(record));
  if (format !== 'xlsx' && format !== 'csv') {
    await failImport(db, id, format);
    return;
  }
  const actor: Actor = report.run_by ?? { staffId: record.staffId, ip: null };
  const dictionaries = await loadDictionaries(db);
  const fetched = new Map([...(await fetchedBefore(db)), ...Object.entries(report.fetched ?? {})]);
  const ownFetched: Record<string, string> = { ...(report.fetched ?? {}) };
  const resolve = cachedResolve(deps.resolve);
  const claims: FileClaims = { skus: new Set(), slugs: new Map() };
  const known = new Set((report.errors ?? []).map((e) => `${e.row}:${e.column}`));
  const runErrors = report.run_errors ?? [];
  let runErrorsTotal = report.run_errors_total ?? 0;
  let done = record.doneRows;
  let seen = 0;

  try {
    for await (const batch of batchesOf(db, record, format, size, limitsOf(deps))) {
      // rows written by an earlier slice only claim their SKUs and slugs again
      const skip = Math.min(batch.length, Math.max(0, done - seen));
      for (const row of batch.slice(0, skip)) {
        const sku = row.cells.sku ?? '';
        if (sku !== '') {
          const slug = (row.cells.slug ?? '').toLowerCase();
          if (slug !== '' && !claims.slugs.has(slug) && !claims.skus.has(sku)) {
            claims.slugs.set(slug, sku);
          }
          claims.skus.add(sku);
        }
      }
      seen += batch.length;
      const rows = batch.slice(skip);
      if (rows.length === 0) continue;
      const codes = rows.map((r) => r.cells.sku ?? '').filter((sku) => sku !== '');

      // pictures are fetched outside the transaction: a slow host must not hold the rows' locks
      const claimsBefore = { skus: new Set(claims.skus), slugs: new Map(claims.slugs) };
      let pictureErrors = new Map<number, CellError>();
      if (rows.some((row) => (row.cells.images ?? '').includes('://'))) {
        const preview = await planRows(db, rows, {
          dictionaries,
          claims: { skus: new Set(claims.skus), slugs: new Map(claims.slugs) },
          fetched,
          current: await productsByCode(db, codes),
          urlCheck: null,
          rules: { requireFiscalCode: deps.requireFiscalCode === true },
        });
        pictureErrors = await fetchPictures(deps, preview, fetched, actor, resolve);
        for (const outcome of preview) {
          if (outcome.kind !== 'create' && outcome.kind !== 'update') continue;
          for (const url of outcome.urls) {
            const path = fetched.get(url);
            if (path !== undefined) ownFetched[url] = path;
          }
        }
      }

      const counts = await inTransaction(db, async (tx) => {
        let batchClaims = {
          skus: new Set(claimsBefore.skus),
          slugs: new Map(claimsBefore.slugs),
        };
        const plan = (subset: typeof rows, current: Map<string, ProductState>) =>
          planRows(tx, subset, {
            dictionaries,
            claims: batchClaims,
            fetched,
            current,
            urlCheck: null,
            rules: { requireFiscalCode: deps.requireFiscalCode === true },
          });
        let outcomes = await plan(rows, await productsByCode(tx, codes));
        // only the products about to be rewritten are locked, and planned again from the rows
        // locked, so a change made meanwhile (a sale taking stock) is not written over
        const changing = new Set(outcomes.filter((o) => o.kind === 'update').map((o) => o.sku));
        if (changing.size > 0) {
          const locked = await productsByCode(tx, [...changing], { lock: true });
          batchClaims = {
            skus: new Set([...batchClaims.skus].filter((sku) => !changing.has(sku))),
            slugs: new Map([...batchClaims.slugs].filter(([, sku]) => !changing.has(sku))),
          };
          const again = await plan(
            rows.filter((row) => changing.has(row.cells.sku ?? '')),
            locked,
          );
          const byRow = new Map(again.map((o) => [o.row, o]));
          outcomes = outcomes.map((o) => byRow.get(o.row) ?? o);
        }
        const writes: Extract<Outcome, { kind: 'create' | 'update' }>[] = [];
        const errors: StoredError[] = [];
        let unchanged = 0;
        for (const outcome of outcomes) {
          const pictureError = pictureErrors.get(outcome.row);
          if (outcome.kind === 'error' || pictureError) {
            const list = outcome.kind === 'error' ? outcome.errors : [pictureError as CellError];
            // the dry run named these already: only what the shop's changes since then broke is new
            for (const e of list) {
              if (!known.has(`${outcome.row}:${e.column}`)) errors.push({ row: outcome.row, ...e });
            }
          } else if (outcome.kind === 'unchanged') {
            unchanged += 1;
          } else {
            writes.push(outcome);
          }
        }
        await writeBatch(tx, writes, { actor, importId: id });
        const created = writes.filter((w) => w.kind === 'create').length;
        const updated = writes.length - created;
        const last = done + rows.length >= record.totalRows;
        const [progress] = await tx
          .update(importJobs)
          .set({
            doneRows: done + rows.length,
            created: sql`${importJobs.created} + ${created}`,
            updated: sql`${importJobs.updated} + ${updated}`,
            unchanged: sql`${importJobs.unchanged} + ${unchanged}`,
            report: sql`${importJobs.report} || ${JSON.stringify({
              run_errors: [...runErrors, ...errors].slice(0, MAX_REPORTED_ERRORS),
              run_errors_total: runErrorsTotal + errors.length,
              fetched: ownFetched,
            })}::jsonb`,
            updatedAt: new Date(),
            ...(last ? { status: 'done', finishedAt: new Date() } : {}),
          })
          // the rows done are this slice's fence: another runner's progress rolls this back
          .where(
            and(
              eq(importJobs.id, id),
              eq(importJobs.status, 'running'),
              eq(importJobs.doneRows, done),
            ),
          )
          .returning();
        if (!progress) throw new Error(`import ${id} moved on without this run`);
        if (last) {
          await recordAudit(tx, actor, {
            action: 'product.import',
            objectType: 'import',
            objectId: id,
            after: {
              file_name: record.fileName,
              rows: progress.totalRows,
              created: progress.created,
              updated: progress.updated,
              unchanged: progress.unchanged,
              skipped: progress.doneRows - progress.created - progress.updated - progress.unchanged,
            },
          });
        }
        return { errors, batchClaims };
      });
      claims.skus = counts.batchClaims.skus;
      claims.slugs = counts.batchClaims.slugs;
      runErrors.push(...counts.errors);
      runErrorsTotal += counts.errors.length;
      done += rows.length;
      if (done < record.totalRows && Date.now() - started > sliceMs) {
        await scheduleJob(
          db,
          IMPORT_RUN_JOB,
          new Date(),
          { import_id: id },
          `import:${id}:run:${done}`,
        );
        // the job just scheduled is claimable at once: no wait for the runner's next round
        setImmediate(() => importJobsDue.emit('due'));
        return;
      }
    }
  } catch (error) {
    if (!(error instanceof SheetRefused)) throw error;
    await failImport(db, id, error.key);
  }
}

const importIdOf = (payload: unknown) => {
  const id = (payload as { import_id?: unknown } | null)?.import_id;
  if (typeof id !== 'number') throw new Error('an import job without an import_id');
  return id;
};

/**
 * An import's job; on the last run the runner allows, a failure ends the import as failed, so
 * the back office does not show it checking or running for ever. Once the import has ended, done
 * or failed, its file is deleted from the private store.
 */
const importJob =
  (work: (deps: ImportDeps, id: number) => Promise<void>) =>
  (deps: ImportDeps, maxAttempts = DEFAULT_MAX_ATTEMPTS): JobHandler =>
  async (payload, job) => {
    const id = importIdOf(payload);
    try {
      await work(deps, id);
    } catch (error) {
      if (job.attempts >= maxAttempts) await failImport(deps.db, id, 'import_gave_up');
      throw error;
    } finally {
      await deleteEndedImportFile(deps, id);
    }
  };

export const importCheckHandler = importJob(checkImport);
export const importRunHandler = importJob(continueImport);
