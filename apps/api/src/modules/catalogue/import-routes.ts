import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CONTROL_CHARACTERS,
  dataOf,
  ErrorBody,
  IdParams,
  ImportJobDetail,
  ImportJobRow,
  ImportsQuery,
  MAX_IMPORT_BYTES,
  messageOf,
  ProductExportQuery,
  pagedOf,
} from '@bozor/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { actorOf, adminRoute, staffOf } from '../../plugins/staff-auth.ts';
import type { Storage } from '../../providers/storage/index.ts';
import { saveImportFile } from './import-files.ts';
import { importDetail, listImports, runImport, startImport } from './imports.ts';
import {
  allProducts,
  detectFormat,
  exportCells,
  loadDictionaries,
  writeCsv,
  writeXlsx,
} from './spreadsheet.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['back office: imports'];

const MESSAGES = {
  uploaded: {
    uz: 'Fayl yuklandi: tekshirilmoqda',
    ru: 'Файл загружен: идёт проверка',
  },
  started: { uz: 'Import boshlandi', ru: 'Импорт запущен' },
} as const;

const TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** A file name as shown in the history: its last part, printable, at most 200 characters. */
const shownName = (name: string) =>
  [...basename(name.replaceAll('\\', '/'))]
    .filter((ch) => !CONTROL_CHARACTERS.test(ch))
    .join('')
    .slice(0, 200) || 'import';

/**
 * The uploaded spreadsheet (multipart field `file`), streamed to a temporary file and judged by
 * its bytes: XLSX, or UTF-8 CSV by a .csv name; anything else is refused. One it accepts is kept
 * in the private store (`imports/…`), where the dry run and the import read it from any machine.
 */
async function storeUpload(request: FastifyRequest, storage: Storage) {
  if (!request.isMultipart()) throw new AppError('IMPORT_FILE_MISSING', 400);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch {
    throw new AppError('IMPORT_FILE_MISSING', 400);
  }
  if (file?.fieldname !== 'file') throw new AppError('IMPORT_FILE_MISSING', 400);
  const dir = await mkdtemp(join(tmpdir(), 'bozor-upload-'));
  const path = join(dir, 'upload');
  let received = false;
  try {
    await pipeline(file.file, createWriteStream(path, { mode: 0o600 }));
    if (file.file.truncated) throw new AppError('IMPORT_FILE_TOO_LARGE', 413);
    const fileName = shownName(file.filename);
    if (!(await detectFormat(path, fileName))) {
      throw new AppError('IMPORT_FILE_TYPE_INVALID', 415);
    }
    received = true;
    return { key: await saveImportFile(storage, path), fileName };
  } catch (error) {
    // a store that failed to keep a good file is the server's fault, not the upload's
    if (received || error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('IMPORT_FILE_TOO_LARGE', 413);
    }
    throw new AppError('IMPORT_FILE_MISSING', 400);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The products spreadsheet: export, and import with a dry run, progress and history. */
export const adminImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 2, parts: 3 },
  });
  app.post(
    '/imports',
    adminRoute('catalogue.write', {
      schema: {
        tags,
        summary:
          'Uploads a products spreadsheet (multipart field `file`: XLSX or UTF-8 CSV, ≤ 50 MB) and starts its dry run',
        consumes: ['multipart/form-data'],
        response: { 200: messageOf(ImportJobDetail), ...errors, 413: ErrorBody, 415: ErrorBody },
      },
    }),
    async (request) => {
      const upload = await storeUpload(request, app.privateStorage);
      const id = await startImport(app.db, { ...upload, staffId: staffOf(request).id }).catch(
        async (error: unknown) => {
          await app.privateStorage.delete(upload.key).catch(() => {});
          throw error;
        },
      );
      return {
        message: MESSAGES.uploaded[request.lang],
        data: await importDetail(app.db, id, request.lang),
      };
    },
  );

  app.get(
    '/imports',
    adminRoute('catalogue.write', {
      schema: {
        tags,
        summary: 'Imports, newest first, with their status and counts',
        querystring: ImportsQuery,
        response: { 200: pagedOf(ImportJobRow), ...errors },
      },
    }),
    async (request) => listImports(app.db, request.query),
  );

  app.get(
    '/imports/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags,
        summary:
          "An import: status, progress, the dry run's counts, refused cells (row, column, message in the caller's language) and a sample of changes",
        params: IdParams,
        response: { 200: dataOf(ImportJobDetail), ...errors },
      },
    }),
    async (request) => ({ data: await importDetail(app.db, request.params.id, request.lang) }),
  );

  app.post(
    '/imports/:id/run',
    adminRoute('catalogue.write', {
      schema: {
        tags,
        summary:
          'Runs a checked import in batches (rows with errors skipped); audited once with its counts',
        params: IdParams,
        response: { 200: messageOf(ImportJobDetail), ...errors, 409: ErrorBody },
      },
    }),
    async (request) => {
      await runImport(app.db, request.params.id, actorOf(request));
      return {
        message: MESSAGES.started[request.lang],
        data: await importDetail(app.db, request.params.id, request.lang),
      };
    },
  );

  app.get(
    '/products/export',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary:
          'Every product (or a category with those under it) as the import reads them: XLSX or CSV, one row per SKU',
        querystring: ProductExportQuery,
        response: { 200: z.any(), ...errors },
      },
    }),
    async (request, reply) => {
      const { format, category_id: categoryId } = request.query;
      const dictionaries = await loadDictionaries(app.db);
      const scope =
        categoryId === undefined
          ? undefined
          : (dictionaries.categoryChildren.get(categoryId) ?? []);
      async function* rows() {
        for await (const product of allProducts(app.db, scope)) {
          yield exportCells(product, dictionaries);
        }
      }
      const out = new PassThrough();
      const write = format === 'xlsx' ? writeXlsx(out, rows()) : writeCsv(out, rows());
      write.catch((err) => {
        request.log.error({ err }, 'the products export stopped');
        out.destroy(err);
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="bozor-products-${day}.${format}"`)
        .type(TYPES[format])
        .send(out);
    },
  );
};
