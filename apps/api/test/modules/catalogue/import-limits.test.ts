import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { MAX_IMPORT_BYTES } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs, jobs } from '../../../src/db/schema/index.ts';
import { createJobRunner, type JobRunner } from '../../../src/jobs/runner.ts';
import {
  IMPORT_CHECK_JOB,
  IMPORT_RUN_JOB,
  type ImportDeps,
  importCheckHandler,
  importRunHandler,
} from '../../../src/modules/catalogue/imports.ts';
import {
  DEFAULT_SHEET_LIMITS,
  readSheet,
  SheetRefused,
  type SheetRow,
} from '../../../src/modules/catalogue/spreadsheet.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCategory } from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

const HEADER = 'sku,name_uz,name_ru,price,stock,category';
const MB = 1024 * 1024;

/** A multipart body with one file in the field `file`. */
function multipart(name: string, bytes: Uint8Array) {
  const boundary = `----bozor${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One part of a hand-made zip: its deflated bytes, and the unpacked size and CRC its headers
 * give, which a hostile file may make up.
 */
interface ZipPart {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
}

const partOf = (name: string, text: string): ZipPart => {
  const bytes = Buffer.from(text);
  return { name, deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
};

/** A zip of the parts, in their order, each deflated, with its central directory. */
function zipOf(parts: ZipPart[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt16LE(0x21, 12);
    head.writeUInt32LE(part.crc, 14);
    head.writeUInt32LE(part.deflated.length, 18);
    head.writeUInt32LE(part.size, 22);
    head.writeUInt16LE(name.length, 26);
    local.push(head, name, part.deflated);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(part.crc, 16);
    entry.writeUInt32LE(part.deflated.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += head.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const inline = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;

/** An XLSX as Excel lays it out, its first sheet's XML and shared strings given as parts. */
function workbookOf(sheet: ZipPart, sharedStrings?: ZipPart): Buffer {
  return zipOf([
    partOf(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    partOf(
      '_rels/.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    partOf(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="products" sheetId="1" r:id="rId1"/><sheet name="other" sheetId="2" r:id="rId3"/></sheets></workbook>`,
    ),
    partOf(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId3" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId1" Type="${RELS}/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    // the first sheet of the workbook is sheet2.xml, and it comes before its shared strings
    partOf('xl/worksheets/sheet1.xml', `<worksheet xmlns="${MAIN}"><sheetData/></worksheet>`),
    sheet,
    ...(sharedStrings ? [sharedStrings] : []),
  ]);
}

const sheetPart = (rows: string) =>
  partOf(
    'xl/worksheets/sheet2.xml',
    `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`,
  );

/** The header row, and a product row whose Uzbek name is shared string 0. */
const PRODUCT_ROWS = `<row r="1">${HEADER.split(',')
  .map((name, i) => inline(`${String.fromCharCode(65 + i)}1`, name))
  .join('')}</row><row r="2">${inline('A2', 'S-1')}<c r="B2" t="s"><v>0</v></c>${inline(
  'C2',
  'Товар',
)}<c r="D2"><v>100000</v></c><c r="E2"><v>1</v></c>${inline('F2', 'phones')}</row>`;

/**
 * A shared-strings table that unpacks to `size` bytes of `<si>`s, deflated without packing that
 * much: one megabyte deflated with a full flush is a piece that stands alone, repeated.
 */
function hugeSharedStrings(size: number): ZipPart {
  const head = Buffer.from(`<sst xmlns="${MAIN}">`);
  const tail = Buffer.from('</sst>');
  const item = `<si><t>${'a'.repeat(72)}</t></si>`;
  const piece = Buffer.from(item.repeat(Math.floor(MB / item.length)));
  const times = Math.ceil((size - head.length - tail.length) / piece.length);
  const flushed = (bytes: Buffer) => deflateRawSync(bytes, { finishFlush: constants.Z_FULL_FLUSH });
  const packedPiece = flushed(piece);
  let crc = crc32(head);
  for (let i = 0; i < times; i += 1) crc = crc32(piece, crc);
  crc = crc32(tail, crc);
  return {
    name: 'xl/sharedStrings.xml',
    deflated: Buffer.concat([
      flushed(head),
      ...Array.from({ length: times }, () => packedPiece),
      flushed(tail),
      deflateRawSync(Buffer.alloc(0)),
    ]),
    size: head.length + piece.length * times + tail.length,
    crc,
  };
}

describe('back office: a products spreadsheet no file can hurt the server with', () => {
  const ctx = useTestApp();
  let owner: StaffBrowser;
  let runner: JobRunner;
  let deps: ImportDeps;

  const upload = async (name: string, bytes: Uint8Array) => {
    const body = multipart(name, bytes);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...as(owner), 'content-type': body.contentType, lang: 'ru' },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const detail = async (id: number, lang = 'ru') =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/imports/${id}`,
        headers: { ...as(owner), lang },
      })
    ).json().data;

  /**
   * Runs the jobs due while `/healthz` is asked every 50 ms, and answers how long its slowest
   * answer took; every answer must be 200.
   */
  async function runJobsAnswering(): Promise<number> {
    let running = true;
    let slowest = 0;
    const statuses: number[] = [];
    const poll = (async () => {
      while (running) {
        const asked = performance.now();
        const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
        slowest = Math.max(slowest, performance.now() - asked);
        statuses.push(res.statusCode);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      while ((await runner.runDue()) > 0) {
        // a job a job schedules runs too
      }
    } finally {
      running = false;
      await poll;
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    return slowest;
  }

  /** The dry run's one job: it ran once and is done, so it is never run again. */
  async function expectRanOnce(id: number) {
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `import:${id}:check`));
    expect(job).toMatchObject({ attempts: 1, failedAt: null, lastError: null });
    expect(job?.doneAt).not.toBeNull();
    const healthz = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthz.statusCode).toBe(200);
  }

  /** Uploads a file, runs its dry run with `/healthz` asked throughout, answers the import. */
  async function checkHostile(name: string, bytes: Uint8Array) {
    const id = await upload(name, bytes);
    const slowest = await runJobsAnswering();
    // the reading is not on the event loop: an answer waits at most for a query of a batch
    expect(slowest).toBeLessThan(1_500);
    await expectRanOnce(id);
    return detail(id);
  }

  beforeAll(async () => {
    owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    await createCategory(ctx.db, { slug: 'phones', nameUz: 'Telefonlar', nameRu: 'Телефоны' });
    deps = {
      db: ctx.db,
      storage: ctx.app.privateStorage,
      imageHosts: [],
      savePicture: async () => '/media/u/none',
    };
    runner = createJobRunner({
      db: ctx.db,
      handlers: {
        [IMPORT_CHECK_JOB]: importCheckHandler(deps),
        [IMPORT_RUN_JOB]: importRunHandler(deps),
      },
    });
  });

  it('refuses a CSV of five million one-character rows at the row limit', async () => {
    // 10 MB; the limit lowered from 200,000 so that the rows before it are checked in seconds
    deps.sheetLimits = { rows: 1_000 };
    try {
      const file = Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.alloc(10_000_000, 'x\n')]);
      const ended = await checkHostile('rows.csv', file);
      expect(ended).toMatchObject({ status: 'failed', total_rows: 0 });
      expect(ended.failure).toBe('В файле больше 200 000 строк: разделите его на несколько файлов');
    } finally {
      deps.sheetLimits = undefined;
    }
  });

  it('refuses a CSV just under the upload limit whose rows are a megabyte long, by the real limits', async () => {
    const row = Buffer.from(`L-1,${'ы'.repeat(MB / 2)},Длинная,100000,1,phones\n`);
    const rows = Math.floor((MAX_IMPORT_BYTES - 4_096) / row.length);
    const file = Buffer.concat([Buffer.from(`${HEADER}\n`), ...Array(rows).fill(row)]);
    expect(file.length).toBeGreaterThan(MAX_IMPORT_BYTES - 2 * MB);
    const ended = await checkHostile('long.csv', file);
    expect(ended.status).toBe('failed');
    expect(ended.failure).toMatch(/строка длиннее 256 КБ/);
    expect((await detail(ended.id, 'uz')).failure).toMatch(/256 KB dan uzun qator/);
  });

  it('refuses a row of ten million empty cells, by the real limits', async () => {
    const file = Buffer.concat([
      Buffer.from(`${HEADER}\nE-1`),
      Buffer.alloc(10_000_000, ','),
      Buffer.from('\n'),
    ]);
    const ended = await checkHostile('cells.csv', file);
    expect(ended.status).toBe('failed');
    expect(ended.failure).toMatch(/строка длиннее 256 КБ/);
  });

  it('refuses an XLSX whose shared strings unpack to 1.2 GB, by the real limits, unpacking none of it', async () => {
    const file = workbookOf(sheetPart(PRODUCT_ROWS), hugeSharedStrings(1_200_000_000));
    expect(file.length).toBeLessThan(6 * MB);
    const ended = await checkHostile('strings.xlsx', file);
    expect(ended.status).toBe('failed');
    expect(ended.failure).toBe(
      'Часть файла XLSX в распакованном виде больше 1 ГБ: сохраните его как CSV или разделите на несколько файлов',
    );
  });

  it('refuses shared strings past their count or their characters as they are read', async () => {
    const file = workbookOf(sheetPart(PRODUCT_ROWS), hugeSharedStrings(20 * MB));
    for (const limits of [{ sharedStrings: 10_000 }, { sharedStringChars: 1_000_000 }]) {
      deps.sheetLimits = limits;
      try {
        const ended = await checkHostile('strings.xlsx', file);
        expect(ended.status).toBe('failed');
        expect(ended.failure).toMatch(/Таблица текстов файла XLSX слишком велика/);
      } finally {
        deps.sheetLimits = undefined;
      }
    }
  });

  it('fails the import at once when reading the file needs more memory than its thread has', async () => {
    // 300,000 texts of 100 Cyrillic letters: 60 MB kept, within the count and character limits
    const text = `<si><t>${'ж'.repeat(100)}</t></si>`;
    const strings = partOf(
      'xl/sharedStrings.xml',
      `<sst xmlns="${MAIN}">${text.repeat(300_000)}</sst>`,
    );
    deps.sheetLimits = { memoryMb: 24 };
    try {
      const ended = await checkHostile('memory.xlsx', workbookOf(sheetPart(PRODUCT_ROWS), strings));
      expect(ended.status).toBe('failed');
      expect(ended.failure).toMatch(/не хватило 256 МБ памяти/);
    } finally {
      deps.sheetLimits = undefined;
    }
  });

  it('says the uploaded file could not be read on this server when it is gone', async () => {
    const id = await upload('gone.csv', Buffer.from(`${HEADER}\nG-1,Bor,Есть,100000,1,phones\n`));
    const [record] = await ctx.db.select().from(importJobs).where(eq(importJobs.id, id));
    await ctx.app.privateStorage.delete(record?.filePath ?? '');
    await runJobsAnswering();
    await expectRanOnce(id);
    const ended = await detail(id);
    expect(ended.status).toBe('failed');
    expect(ended.failure).toMatch(/не удалось прочитать на этом сервере/);
    expect(ended.failure).not.toMatch(/XLSX|UTF-8/);
  });
});

describe('reading a products spreadsheet in its own thread', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bozor-sheet-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const fileOf = (name: string, bytes: Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const rowsOf = async (path: string, format: 'xlsx' | 'csv', limits = DEFAULT_SHEET_LIMITS) => {
    const rows: SheetRow[] = [];
    for await (const row of readSheet(path, format, limits)) rows.push(row);
    return rows;
  };
  const refusal = (path: string, format: 'xlsx' | 'csv', limits = DEFAULT_SHEET_LIMITS) =>
    rowsOf(path, format, limits).then(
      () => 'read',
      (error: unknown) => (error instanceof SheetRefused ? error.key : String(error)),
    );

  it("reads a workbook's first sheet: shared, rich and inline texts, numbers and yes/no", async () => {
    const strings = partOf(
      'xl/sharedStrings.xml',
      `<sst xmlns="${MAIN}"><si><t>Telefon</t></si><si><r><t>Qora </t></r><r><rPr><b/></rPr><t xml:space="preserve">rang &amp; </t></r><rPh><t>ignored</t></rPh></si></sst>`,
    );
    const sheet = sheetPart(
      `<row r="1">${inline('A1', 'sku')}${inline('B1', 'name_uz')}</row><row r="3"><c r="A3" t="s"><v>1</v></c><c r="C3"><v>1.5E+6</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="s"><v>0</v></c><c r="F3" t="str"><f>A1</f><v>=x</v></c></row><row r="4"><c r="B4"/></row><row r="5"><c t="inlineStr"><is><t>next</t></is></c><c><v>7</v></c></row>`,
    );
    const path = fileOf('book.xlsx', workbookOf(sheet, strings));
    expect(await rowsOf(path, 'xlsx')).toEqual([
      { number: 1, values: ['sku', 'name_uz'] },
      { number: 3, values: ['Qora rang & ', '', '1500000', '1', 'Telefon', '=x'] },
      { number: 5, values: ['next', '7'] },
    ]);
  });

  it('refuses an XLSX row past the last column Excel has, and a part that unpacks past its size', async () => {
    const wide = sheetPart(`<row r="1"><c r="XFE1" t="inlineStr"><is><t>x</t></is></c></row>`);
    expect(await refusal(fileOf('wide.xlsx', workbookOf(wide)), 'xlsx')).toBe(
      'import_row_too_many_cells',
    );
    // the directory says 1,000 bytes; the part unpacks to 10 MB
    const lying = { ...hugeSharedStrings(10 * MB), size: 1_000 };
    const path = fileOf('lying.xlsx', workbookOf(sheetPart(PRODUCT_ROWS), lying));
    expect(await refusal(path, 'xlsx')).toBe('import_file_unreadable');
  });

  it('refuses a CSV row with more cells than a sheet has', async () => {
    const path = fileOf('wide.csv', Buffer.from(`${HEADER}\nW-1${','.repeat(20_000)}\n`));
    expect(await refusal(path, 'csv')).toBe('import_row_too_many_cells');
  });

  it('reads a long legitimate CSV row, and one quoted over several lines', async () => {
    const description = `<p>${'ш'.repeat(20_000)}</p>`;
    const path = fileOf(
      'ok.csv',
      Buffer.from(
        `sku;description_ru\r\nD-1;"${description}"\r\nD-2;"two\r\nlines ""quoted"""\r\n`,
      ),
    );
    expect(await rowsOf(path, 'csv')).toEqual([
      { number: 1, values: ['sku', 'description_ru'] },
      { number: 2, values: ['D-1', description] },
      { number: 3, values: ['D-2', 'two\r\nlines "quoted"'] },
    ]);
  });

  it('says a missing file could not be read here, whichever its format', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      expect(await refusal(join(dir, 'nowhere'), format)).toBe('import_file_missing');
    }
  });
});
