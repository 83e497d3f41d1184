import { createHash } from 'node:crypto';
import { IMPORT_COLUMNS } from '@bozor/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../../src/db/schema/index.ts';
import { createJobRunner, type JobRunner } from '../../../src/jobs/runner.ts';
import {
  checkImageUrl,
  type ImageFetchOptions,
  isPrivateAddress,
} from '../../../src/modules/catalogue/image-fetch.ts';
import {
  IMPORT_CHECK_JOB,
  IMPORT_RUN_JOB,
  type ImportDeps,
  importCheckHandler,
  importRunHandler,
} from '../../../src/modules/catalogue/imports.ts';
import { useTestApp } from '../../helpers/app.ts';
import {
  createAttribute,
  createBrand,
  createCategory,
  createCollection,
  createColor,
  createTag,
} from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

const ROWS = 1_000;

/** A multipart body with one file in the field `file`. */
function multipart(name: string, bytes: Uint8Array) {
  const boundary = `----bozor${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('back office: products spreadsheet import and export', () => {
  const ctx = useTestApp();
  let owner: StaffBrowser;
  let viewer: StaffBrowser;
  let runner: JobRunner;
  const saved: string[] = [];
  let deps: ImportDeps;

  const upload = async (name: string, bytes: Uint8Array, who = owner) => {
    const body = multipart(name, bytes);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...as(who), 'content-type': body.contentType, lang: 'ru' },
      payload: body.payload,
    });
  };
  const detail = async (id: number) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/imports/${id}`,
        headers: { ...as(owner), lang: 'ru' },
      })
    ).json().data;
  const runJobs = async () => {
    while ((await runner.runDue()) > 0) {
      // jobs scheduled by jobs (the next slice) run too
    }
  };
  /** Uploads a file, lets the dry run finish and answers the checked import. */
  const check = async (name: string, bytes: Uint8Array) => {
    const res = await upload(name, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('checking');
    await runJobs();
    return detail(res.json().data.id);
  };
  const run = async (id: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${id}/run`,
      headers: as(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs();
    return detail(id);
  };
  const exported = async (format: 'xlsx' | 'csv') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/products/export?format=${format}`,
      headers: as(owner),
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  /** Each product row with its transaction id: a row written again, even unchanged, shows it. */
  const productRows = () =>
    ctx.db
      .select({ id: products.id, version: sql<string>`${products}.xmin::text`, row: products })
      .from(products)
      .orderBy(asc(products.id));

  beforeAll(async () => {
    owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    await createCategory(ctx.db, { slug: 'phones', nameUz: 'Telefonlar', nameRu: 'Телефоны' });
    await createBrand(ctx.db, { slug: 'samsung', name: 'Samsung' });
    await createColor(ctx.db, { slug: 'black', nameUz: 'Qora', nameRu: 'Чёрный' });
    await createTag(ctx.db, [], { nameUz: 'Yangi', nameRu: 'Новинка' });
    await createTag(ctx.db, [], { nameUz: 'Chegirma', nameRu: 'Скидка' });
    await createAttribute(ctx.db, { slug: 'memory', nameUz: 'Xotira', nameRu: 'Память' }, [
      { valueUz: '128 GB', valueRu: '128 ГБ' },
      { valueUz: '256 GB', valueRu: '256 ГБ' },
    ]);
    await createCollection(ctx.db, [], { slug: 'hits' });
    deps = {
      db: ctx.db,
      storage: ctx.app.privateStorage,
      imageHosts: [],
      savePicture: async (bytes) => {
        const path = `/media/u/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}`;
        saved.push(path);
        return path;
      },
      batchSize: 200,
      // one batch a job: every batch after the first resumes from the rows done
      sliceMs: 0,
    };
    runner = createJobRunner({
      db: ctx.db,
      handlers: {
        [IMPORT_CHECK_JOB]: importCheckHandler(deps),
        [IMPORT_RUN_JOB]: importRunHandler(deps),
      },
    });
  });

  /** 1,000 products, five rows of them wrong in five different columns. */
  async function plantedWorkbook(): Promise<Uint8Array> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('products');
    sheet.addRow([...IMPORT_COLUMNS]);
    for (let i = 0; i < ROWS; i += 1) {
      const n = String(i).padStart(4, '0');
      const cells: Record<string, string | number> = {
        sku: `SKU-${n}`,
        name_uz: `Telefon ${n}`,
        name_ru: `Телефон ${n}`,
        description_uz: `<p>Tavsif ${n}</p>`,
        description_ru: `<p>Описание ${n}</p>`,
        price: 1_000_000 + i * 1_000,
        old_price: i % 3 === 0 ? 2_000_000 + i * 1_000 : '',
        stock: i % 7,
        category: 'phones',
        brand: i % 2 === 0 ? 'samsung' : '',
        color: i % 5 === 0 ? 'black' : '',
        tags: i % 4 === 0 ? 'Yangi;Скидка' : '',
        attributes: i % 2 === 0 ? 'memory:256 GB' : 'memory:128 ГБ',
        collections: i % 10 === 0 ? 'hits' : '',
        active: i % 9 === 0 ? 0 : 1,
        images: '/media/products/smartphone/4.svg',
        slug: i % 2 === 0 ? `telefon-${n}` : '',
        // a third with a fiscal code of their own (a leading zero a spreadsheet must keep)
        ikpu: i % 3 === 1 ? '08517001001000000' : '',
        package_code: i % 3 === 1 ? '1505727' : '',
        units: i % 3 === 1 ? 1 : '',
        vat_percent: i % 4 === 0 ? 0 : '',
      };
      sheet.addRow(IMPORT_COLUMNS.map((c) => cells[c]));
    }
    // data row i is spreadsheet row i + 2
    sheet.getRow(101).getCell(IMPORT_COLUMNS.indexOf('price') + 1).value = 'abc';
    sheet.getRow(202).getCell(IMPORT_COLUMNS.indexOf('category') + 1).value = 'no-such-category';
    sheet.getRow(303).getCell(IMPORT_COLUMNS.indexOf('old_price') + 1).value = 1;
    sheet.getRow(404).getCell(IMPORT_COLUMNS.indexOf('sku') + 1).value = 'SKU-0010';
    sheet.getRow(505).getCell(IMPORT_COLUMNS.indexOf('images') + 1).value =
      '/media/products/smartphone/4.svg;https://127.0.0.1/picture.jpg';
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }

  it('names exactly the five planted errors, imports the rest, and changes nothing the second time', {
    timeout: 120_000,
  }, async () => {
    const file = await plantedWorkbook();
    const checked = await check('products.xlsx', file);
    expect(checked.status).toBe('checked');
    expect(checked.total_rows).toBe(ROWS);
    expect(checked.planned).toEqual({ create: 995, update: 0, unchanged: 0, error: 5 });
    expect(checked.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [101, 'price'],
      [202, 'category'],
      [303, 'old_price'],
      [404, 'sku'],
      [505, 'images'],
    ]);
    const byRow = Object.fromEntries(
      checked.errors.map((e: { row: number; message: string; message_key: string }) => [e.row, e]),
    );
    // each error shows what the cell held; a picture, the address refused of those it lists
    expect([101, 202, 303, 404, 505].map((row) => byRow[row].value)).toEqual([
      'abc',
      'no-such-category',
      '1',
      'SKU-0010',
      'https://127.0.0.1/picture.jpg',
    ]);
    expect(byRow[303].message_key).toBe('product_old_price_not_above');
    expect(byRow[404].message_key).toBe('import_sku_repeated');
    expect(byRow[505].message_key).toBe('import_image_private_address');
    expect(byRow[505].message).toMatch(/внутреннюю сеть/);
    expect(checked.changes[0]).toMatchObject({ row: 2, sku: 'SKU-0000', action: 'create' });
    const [nothingYet] = await ctx.db.select({ n: count() }).from(products);
    expect(nothingYet?.n).toBe(0);

    // the import: one batch a job, progress saved with each, until every row is done
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${checked.id}/run`,
      headers: as(owner),
    });
    expect(started.json().data.status).toBe('running');
    expect(await runner.runDue()).toBe(1);
    const halfway = await detail(checked.id);
    expect(halfway).toMatchObject({ status: 'running', done_rows: 200, total_rows: ROWS });
    await runJobs();
    const done = await detail(checked.id);
    expect(done.errors_total).toBe(5);
    expect(done).toMatchObject({
      status: 'done',
      done_rows: ROWS,
      created: 995,
      updated: 0,
      unchanged: 0,
    });
    const [made] = await ctx.db.select({ n: count() }).from(products);
    expect(made?.n).toBe(995);
    const [first] = await ctx.db.select().from(products).where(eq(products.code, 'SKU-0000'));
    expect(first).toMatchObject({ slug: 'telefon-0000', price: 1_000_000, oldPrice: 2_000_000 });
    const [generated] = await ctx.db.select().from(products).where(eq(products.code, 'SKU-0001'));
    expect(generated?.slug).toBe('telefon-0001');
    // one audit entry for the run, with its counts
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.import'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ created: 995, updated: 0, skipped: 5 });
    // and one per product it made, whole, naming the import
    const made995 = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.create'), eq(auditLog.objectId, String(first?.id))));
    expect(made995).toHaveLength(1);
    expect(made995[0]).toMatchObject({
      objectType: 'product',
      before: null,
      staffId: owner.staffId,
    });
    expect(made995[0]?.after).toMatchObject({
      code: 'SKU-0000',
      price: 1_000_000,
      import_id: checked.id,
    });
    const [{ n: created } = { n: 0 }] = await ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'product.create'));
    expect(created).toBe(995);

    // the same file again: nothing to create or change, and no product row written
    const before = await productRows();
    const again = await check('products.xlsx', file);
    expect(again.planned).toEqual({ create: 0, update: 0, unchanged: 995, error: 5 });
    const second = await run(again.id);
    expect(second).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 995 });
    expect(await productRows()).toEqual(before);
    // a started import does not start twice
    const twice = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${again.id}/run`,
      headers: as(owner),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('reads back its own export unchanged, as XLSX and as CSV', { timeout: 120_000 }, async () => {
    const before = await productRows();
    const xlsx = await check('export.xlsx', await exported('xlsx'));
    expect(xlsx.errors).toEqual([]);
    expect(xlsx.planned).toEqual({ create: 0, update: 0, unchanged: 995, error: 0 });
    const csvBytes = await exported('csv');
    expect(csvBytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvBytes.toString('utf8').split('\r\n')[0]).toBe(`\ufeff${IMPORT_COLUMNS.join(',')}`);
    const csv = await check('export.csv', csvBytes);
    expect(csv.errors).toEqual([]);
    expect(csv.planned).toEqual({ create: 0, update: 0, unchanged: 995, error: 0 });
    expect(await run(csv.id)).toMatchObject({ created: 0, updated: 0, unchanged: 995 });
    expect(await productRows()).toEqual(before);
    const coded = before.filter((p) => p.row.ikpu !== null);
    expect(coded.length).toBeGreaterThan(300);
    expect(coded[0]?.row).toMatchObject({ ikpu: '08517001001000000', packageCode: '1505727' });
  });

  it('changes only what a row changes, and names the columns in the dry run', async () => {
    const text = (await exported('csv')).toString('utf8');
    const lines = text.split('\r\n');
    const header = (lines[0] ?? '').replace('\ufeff', '').split(',');
    const target = lines.findIndex((line) => line.startsWith('SKU-0002,'));
    const cells = (lines[target] ?? '').split(',');
    cells[header.indexOf('price')] = '1 234 000';
    cells[header.indexOf('tags')] = 'Yangi';
    lines[target] = cells.join(',');
    // a semicolon-separated file of two rows, as Excel saves CSV in Russian or Uzbek
    const small = [
      'sku;price;stock;name_uz;name_ru;category',
      'SKU-0004;1004000;4;Telefon 0004;Телефон 0004;phones',
      'NEW-1;500000;1;Yangi telefon;Новый телефон;phones',
    ].join('\n');
    const changed = await check('changed.csv', new TextEncoder().encode(lines.join('\r\n')));
    expect(changed.planned).toMatchObject({ update: 1, unchanged: 994, error: 0 });
    expect(changed.changes).toEqual([
      { row: target + 1, sku: 'SKU-0002', action: 'update', columns: ['price', 'tags'] },
    ]);
    expect((await run(changed.id)).updated).toBe(1);
    const [row] = await ctx.db.select().from(products).where(eq(products.code, 'SKU-0002'));
    expect(row?.price).toBe(1_234_000);
    // the audit log keeps what the import changed on that product, before → after
    const updates = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.objectId, String(row?.id))));
    expect(updates).toHaveLength(1);
    expect(updates[0]?.before).toEqual({ price: expect.any(Number), tag_ids: expect.any(Array) });
    expect(updates[0]?.after).toEqual({
      price: 1_234_000,
      tag_ids: expect.any(Array),
      import_id: changed.id,
    });

    const partial = await check('partial.csv', new TextEncoder().encode(small));
    expect(partial.planned).toEqual({ create: 1, update: 0, unchanged: 1, error: 0 });
    expect((await run(partial.id)).created).toBe(1);
    const [made] = await ctx.db.select().from(products).where(eq(products.code, 'NEW-1'));
    expect(made).toMatchObject({ slug: 'yangi-telefon', images: [], isActive: true });
  });

  it('reads the delivery size class, and names a class it does not know on its row', async () => {
    const file = [
      'sku;price;stock;name_uz;name_ru;category;size_class',
      'SKU-0004;1004000;4;Telefon 0004;Телефон 0004;phones;Bulky',
      'SKU-0006;1006000;6;Telefon 0006;Телефон 0006;phones;КГТ',
    ].join('\n');
    const checked = await check('sizes.csv', new TextEncoder().encode(file));
    expect(checked.planned).toEqual({ create: 0, update: 1, unchanged: 0, error: 1 });
    expect(checked.changes).toEqual([
      { row: 2, sku: 'SKU-0004', action: 'update', columns: ['size_class'] },
    ]);
    expect(checked.errors).toEqual([
      expect.objectContaining({
        row: 3,
        column: 'size_class',
        value: 'КГТ',
        message_key: 'import_size_class_invalid',
        message: expect.stringMatching(/standard .*bulky/),
      }),
    ]);
    expect((await run(checked.id)).updated).toBe(1);
    const rows = await ctx.db
      .select({ code: products.code, sizeClass: products.sizeClass })
      .from(products)
      .where(inArray(products.code, ['SKU-0004', 'SKU-0006']))
      .orderBy(asc(products.code));
    expect(rows).toEqual([
      { code: 'SKU-0004', sizeClass: 'bulky' },
      { code: 'SKU-0006', sizeClass: 'standard' },
    ]);
    const exportedRow = (await exported('csv'))
      .toString('utf8')
      .split('\r\n')
      .find((line) => line.startsWith('SKU-0004,'));
    expect(exportedRow?.endsWith(',bulky')).toBe(true);
  });

  it('fetches a picture URL of a listed host once, and keeps its stored path', async () => {
    const fetched: string[] = [];
    Object.assign(deps, {
      imageHosts: ['cdn.supplier.uz'],
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
      // the network answers; the host and address are checked as fetchImage checks them
      fetchImage: async (url: string, options: ImageFetchOptions) => {
        const checked = await checkImageUrl(url, options);
        if (!checked.ok) return checked;
        fetched.push(url);
        return { ok: true, bytes: new TextEncoder().encode(url) };
      },
    });
    try {
      const file = [
        'sku,name_uz,name_ru,price,stock,category,images',
        'PIC-1,Rasmli,С картинкой,100000,1,phones,https://cdn.supplier.uz/p/1.jpg;/media/products/smartphone/4.svg',
        'PIC-2,Boshqa,Другой,100000,1,phones,https://other.example.com/p/2.jpg',
      ].join('\n');
      const checked = await check('pictures.csv', new TextEncoder().encode(file));
      expect(checked.errors).toMatchObject([
        { row: 3, column: 'images', message_key: 'import_image_host_not_allowed' },
      ]);
      expect(fetched).toEqual([]);
      expect((await run(checked.id)).created).toBe(1);
      expect(fetched).toEqual(['https://cdn.supplier.uz/p/1.jpg']);
      const [made] = await ctx.db.select().from(products).where(eq(products.code, 'PIC-1'));
      expect(made?.images).toEqual([saved.at(-1), '/media/products/smartphone/4.svg']);

      const again = await check('pictures.csv', new TextEncoder().encode(file));
      expect(again.planned).toMatchObject({ create: 0, update: 0, unchanged: 1 });
      expect(await run(again.id)).toMatchObject({ created: 0, updated: 0 });
      expect(fetched).toHaveLength(1);
    } finally {
      Object.assign(deps, { imageHosts: [], resolve: undefined, fetchImage: undefined });
    }
  });

  it('names the picture address a run could not fetch, beside its row and message', async () => {
    Object.assign(deps, {
      imageHosts: ['cdn.supplier.uz'],
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
      // the host is allowed, so the dry run passes it; the run finds the picture gone
      fetchImage: async (url: string, options: ImageFetchOptions) => {
        const checked = await checkImageUrl(url, options);
        if (!checked.ok) return checked;
        return { ok: false, key: 'import_image_unreachable' };
      },
    });
    try {
      const file = [
        'sku,name_uz,name_ru,price,stock,category,images',
        'LOST-1,Rasmsiz,Без картинки,100000,1,phones,/media/products/smartphone/4.svg;https://cdn.supplier.uz/p/lost.jpg',
      ].join('\n');
      const checked = await check('lost.csv', new TextEncoder().encode(file));
      expect(checked.errors).toEqual([]);
      const ran = await run(checked.id);
      expect(ran.errors).toEqual([
        {
          row: 2,
          column: 'images',
          message_key: 'import_image_unreachable',
          message: expect.any(String),
          value: 'https://cdn.supplier.uz/p/lost.jpg',
        },
      ]);
    } finally {
      Object.assign(deps, { imageHosts: [], resolve: undefined, fetchImage: undefined });
    }
  });

  it('goes on from the rows done when a run stops halfway, creating nothing twice', async () => {
    let ahead = 0;
    const restarted = createJobRunner({
      db: ctx.db,
      handlers: {
        [IMPORT_CHECK_JOB]: importCheckHandler(deps),
        [IMPORT_RUN_JOB]: importRunHandler(deps),
      },
      now: () => new Date(Date.now() + ahead),
    });
    let drops = 1;
    Object.assign(deps, {
      imageHosts: ['cdn.supplier.uz'],
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
      // the picture host drops the connection once, in the middle of the second batch
      fetchImage: async (url: string, options: ImageFetchOptions) => {
        const checked = await checkImageUrl(url, options);
        if (!checked.ok) return checked;
        if (drops-- > 0) throw new Error('socket hang up');
        return { ok: true, bytes: new TextEncoder().encode(url) };
      },
    });
    try {
      const lines = ['sku,name_uz,name_ru,price,stock,category,images'];
      for (let i = 0; i < 450; i += 1) {
        const picture = i === 300 ? 'https://cdn.supplier.uz/p/resume.jpg' : '';
        lines.push(`RES-${i},Davom ${i},Продолжение ${i},100000,1,phones,${picture}`);
      }
      const checked = await check('resume.csv', new TextEncoder().encode(lines.join('\n')));
      expect(checked.planned).toMatchObject({ create: 450, error: 0 });
      await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/imports/${checked.id}/run`,
        headers: as(owner),
      });
      expect(await restarted.runDue()).toBe(1);
      expect(await restarted.runDue()).toBe(1);
      expect(await detail(checked.id)).toMatchObject({ status: 'running', done_rows: 200 });
      // the failed job is taken again once its wait has passed
      ahead = 5 * 60_000;
      while ((await restarted.runDue()) > 0) {
        // the rest, a batch a job
      }
      expect(await detail(checked.id)).toMatchObject({
        status: 'done',
        done_rows: 450,
        created: 450,
      });
      const [made] = await ctx.db
        .select({ n: count() })
        .from(products)
        .where(sql`${products.code} like 'RES-%'`);
      expect(made?.n).toBe(450);
    } finally {
      Object.assign(deps, { imageHosts: [], resolve: undefined, fetchImage: undefined });
    }
  });

  it('ends an import as failed, with its reason, when its last allowed run fails', async () => {
    const failing = createJobRunner({
      db: ctx.db,
      handlers: {
        [IMPORT_CHECK_JOB]: importCheckHandler(deps),
        [IMPORT_RUN_JOB]: importRunHandler(deps, 1),
      },
      maxAttempts: 1,
    });
    Object.assign(deps, {
      imageHosts: ['cdn.supplier.uz'],
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
      fetchImage: async () => {
        throw new Error('socket hang up');
      },
    });
    try {
      const file = [
        'sku,name_uz,name_ru,price,stock,category,images',
        'GONE-1,Yo‘q,Нет,100000,1,phones,https://cdn.supplier.uz/p/gone.jpg',
      ].join('\n');
      const checked = await check('gone.csv', new TextEncoder().encode(file));
      await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/imports/${checked.id}/run`,
        headers: as(owner),
      });
      await failing.runDue();
      const ended = await detail(checked.id);
      expect(ended.status).toBe('failed');
      expect(JSON.stringify(ended)).toMatch(/нескольких попыток|urinishdan/);
    } finally {
      Object.assign(deps, { imageHosts: [], resolve: undefined, fetchImage: undefined });
    }
  });

  it('refuses a file that is not a spreadsheet, and a header it does not know', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const picture = await upload('products.xlsx', png);
    expect(picture.statusCode).toBe(415);
    expect(picture.json().code).toBe('IMPORT_FILE_TYPE_INVALID');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: as(owner),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);

    const bad = await check('bad.csv', new TextEncoder().encode('sku,prise\nA-1,100\n'));
    expect(bad.status).toBe('failed');
    expect(bad.failure).toBe('Строка заголовков не подходит: исправьте столбцы, указанные ниже');
    const empty = await check(
      'empty.csv',
      new TextEncoder().encode('sku,name_uz,name_ru,price,stock,category\n'),
    );
    expect(empty).toMatchObject({
      status: 'failed',
      failure: 'В файле нет строки заголовков или товаров',
    });
    expect(bad.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [1, 'prise'],
      [1, 'name_uz'],
      [1, 'name_ru'],
      [1, 'price'],
      [1, 'stock'],
      [1, 'category'],
    ]);
    // the header's cell as written; a column missing has none
    expect(bad.errors.map((e: { value: string | null }) => e.value)).toEqual([
      'prise',
      null,
      null,
      null,
      null,
      null,
    ]);
    const twice = await check(
      'twice.csv',
      new TextEncoder().encode(
        'sku,name_uz,name_ru,price,stock,category,Price\nA-1,a,a,1,1,phones,2\n',
      ),
    );
    expect(twice.errors).toMatchObject([
      { column: 'price', message_key: 'import_column_repeated', value: 'Price' },
    ]);
  });

  it('lets a viewer export but not import', async () => {
    const file = await upload('products.csv', new TextEncoder().encode('sku\n'), viewer);
    expect(file.statusCode).toBe(403);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/imports',
      headers: as(viewer),
    });
    expect(list.statusCode).toBe(403);
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/imports',
      headers: as(owner),
    });
    expect(history.json().data.length).toBeGreaterThan(3);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/products/export?format=csv',
      headers: as(viewer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="bozor-products-/);
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/products/export?format=csv&category_id=999999',
      headers: as(viewer),
    });
    expect(none.body).toBe(`\ufeff${IMPORT_COLUMNS.join(',')}\r\n`);
  });
});

describe('picture URLs in a spreadsheet', () => {
  const listed = (addresses: string[]) => ({
    hosts: ['cdn.supplier.uz'],
    resolve: async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const),
  });

  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
  ])('refuses %s', async (address) => {
    expect(isPrivateAddress(address)).toBe(true);
    const literal = address.includes(':') ? `[${address}]` : address;
    expect(await checkImageUrl(`https://${literal}/a.jpg`, { hosts: [] })).toEqual({
      ok: false,
      key: 'import_image_private_address',
    });
    expect(await checkImageUrl('https://cdn.supplier.uz/a.jpg', listed([address]))).toEqual({
      ok: false,
      key: 'import_image_private_address',
    });
  });

  it('takes a public address of a listed host, and connects to that address', async () => {
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('2a00:1450:4001::200e')).toBe(false);
    const checked = await checkImageUrl(
      'https://CDN.supplier.uz/p/1.jpg',
      listed(['93.184.216.34']),
    );
    expect(checked).toMatchObject({ ok: true, address: { address: '93.184.216.34', family: 4 } });
  });

  it('refuses a host not listed, plain http, and a host that also resolves privately', async () => {
    expect(
      await checkImageUrl('https://evil.example.com/a.jpg', listed(['93.184.216.34'])),
    ).toEqual({ ok: false, key: 'import_image_host_not_allowed' });
    expect(await checkImageUrl('http://cdn.supplier.uz/a.jpg', listed(['93.184.216.34']))).toEqual({
      ok: false,
      key: 'import_image_https_only',
    });
    expect(
      await checkImageUrl('https://cdn.supplier.uz/a.jpg', listed(['93.184.216.34', '10.1.1.1'])),
    ).toEqual({ ok: false, key: 'import_image_private_address' });
    expect(await checkImageUrl('https://user:pw@cdn.supplier.uz/a.jpg', listed([]))).toEqual({
      ok: false,
      key: 'import_image_invalid',
    });
  });
});
