/**
 * Reads an uploaded products spreadsheet a row at a time within limits that hold whatever the
 * file holds: a CSV through a streaming parser, an XLSX through its zip directory and a streaming
 * XML parser, so that no more than a row is kept, and of an XLSX its table of shared strings
 * (limited too). It runs in an import's own thread (sheet-worker.ts): it loads nothing of the shop.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import type { ImportFormat, ImportMessageKey } from '@bozor/shared';
import { Parser as CsvParser } from 'csv-parse';
import { SaxesParser } from 'saxes';
import { type Entry, openPromise, type ZipFile } from 'yauzl';

/** One row of the first sheet: its number in the spreadsheet (the header is 1) and its cells. */
export interface SheetRow {
  number: number;
  values: string[];
}

/** What reading one file may take. */
export interface SheetLimits {
  /** Rows after the header (rows with no text are not counted). */
  rows: number;
  /** One row: bytes of a CSV line, characters of an XLSX row's cells (each cell one more). */
  rowBytes: number;
  /** Cells of one row, empty ones before the last included. */
  rowCells: number;
  /** One part of an XLSX (its sheet, its shared strings) unpacked. */
  partBytes: number;
  /** Files inside an XLSX. */
  parts: number;
  /** The texts of an XLSX's shared-strings table, and their characters altogether. */
  sharedStrings: number;
  sharedStringChars: number;
  /** The old generation of the reading thread's heap. */
  memoryMb: number;
}

/** A file the import does not read on, and why, as the message key the import fails with. */
export class SheetRefused extends Error {
  override readonly name = 'SheetRefused';
  readonly key: ImportMessageKey;

  constructor(key: ImportMessageKey, detail?: string) {
    super(detail ? `${key}: ${detail}` : key);
    this.key = key;
  }
}

/**
 * The rows of the file's first sheet that have text, in order. The header is the first of them;
 * past `limits.rows` more, or past a limit of a row or of an XLSX part, it throws SheetRefused.
 */
export async function* readSheet(
  path: string,
  format: ImportFormat,
  limits: SheetLimits,
): AsyncGenerator<SheetRow> {
  let rows = 0;
  for await (const row of format === 'xlsx' ? readXlsx(path, limits) : readCsv(path, limits)) {
    if (!row.values.some((cell) => cell.trim() !== '')) continue;
    rows += 1;
    if (rows > limits.rows + 1) throw new SheetRefused('import_file_too_many_rows');
    yield row;
  }
}

// ---------------------------------------------------------------------------------------------
// CSV

/** A CSV's separator: `;` when its first line has semicolons and no commas (Excel in ru or uz). */
async function csvDelimiter(path: string): Promise<',' | ';'> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const line = head.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0] ?? '';
    return line.includes(';') && !line.includes(',') ? ';' : ',';
  } finally {
    await handle.close();
  }
}

const CSV_CHUNK = 64 * 1024;

/** The records of a CSV, their quoting undone (the `'`s an export guards cells with are kept). */
async function* readCsv(path: string, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const delimiter = await csvDelimiter(path);
  /** Where the last whole record ended, in bytes of the file. */
  let recordEnd = 0;
  const parser = new CsvParser({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    // the text of a record's fields, checked as each character is read
    max_record_size: limits.rowBytes,
    on_record: (record: string[], info) => {
      if (info.bytes - recordEnd > limits.rowBytes) throw new SheetRefused('import_row_too_long');
      if (record.length > limits.rowCells) throw new SheetRefused('import_row_too_many_cells');
      recordEnd = info.bytes;
      return record;
    },
  });
  // A record of empty fields (a line of millions of separators) has no text for the parser to
  // count: what it has read of a record is checked each time it is given more of the file.
  async function* metered(chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      if (parser.info.bytes - recordEnd > limits.rowBytes) {
        throw new SheetRefused('import_row_too_long');
      }
      yield chunk;
    }
  }
  // an error of any of the three ends the pipeline and reaches the loop below through the parser
  const records = pipeline(
    createReadStream(path, { highWaterMark: CSV_CHUNK }),
    metered,
    parser,
    () => {},
  );
  let number = 0;
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      number += 1;
      yield { number, values: record };
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'CSV_MAX_RECORD_SIZE') {
      throw new SheetRefused('import_row_too_long');
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// XLSX

/** Names as written (`r:id`), no namespaces resolved; no positions kept, for speed. */
type XmlParser = SaxesParser<{ xmlns: false; position: false }>;
const xmlParser = (): XmlParser => new SaxesParser({ xmlns: false, position: false });

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';

/**
 * An XLSX is a zip of XML parts. The parts are found by the zip's central directory, and each is
 * refused by its unpacked size before it is read; as it is read, the zip reader checks that it
 * unpacks to no more than that size, so a part cannot say it is small and unpack huge.
 */
async function* readXlsx(path: string, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const zip = await openPromise(path, { autoClose: false, strictFileNames: false });
  // errors reading the directory reach the loop below; this one hears what comes after it, a
  // failure to close the file, which changes nothing read
  zip.on('error', () => {});
  try {
    if (zip.entryCount > limits.parts) throw new SheetRefused('import_file_unreadable', 'parts');
    const parts = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.startsWith('xl/') && !entry.fileName.endsWith('/')) {
        parts.set(entry.fileName, entry);
      }
    }
    const { sheet, sharedStrings } = await locateParts(zip, parts, limits);
    const strings = sharedStrings ? await readSharedStrings(zip, sharedStrings, limits) : [];
    yield* readRows(zip, sheet, strings, limits);
  } finally {
    zip.close();
  }
}

/** Streams one part through `parser`, handing on after each piece what its handlers collected. */
async function* parsePart<T>(
  zip: ZipFile,
  entry: Entry,
  limits: SheetLimits,
  parser: XmlParser,
  collected: T[],
): AsyncGenerator<T[]> {
  if (entry.uncompressedSize > limits.partBytes) {
    throw new SheetRefused('import_xlsx_part_too_large', entry.fileName);
  }
  const stream = await zip.openReadStreamPromise(entry);
  stream.setEncoding('utf8');
  for await (const text of stream as AsyncIterable<string>) {
    parser.write(text);
    if (collected.length > 0) yield collected.splice(0);
  }
  parser.close();
  if (collected.length > 0) yield collected.splice(0);
}

async function parseWhole(zip: ZipFile, entry: Entry, limits: SheetLimits, parser: XmlParser) {
  for await (const _ of parsePart(zip, entry, limits, parser, [])) {
    // the handlers keep what they need
  }
}

/** A part named by a relationship of the workbook: relative to `xl/`, or from the zip's root. */
const partPath = (target: string) =>
  target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;

/** The first sheet of the workbook, and its shared strings if it has them. */
async function locateParts(zip: ZipFile, parts: Map<string, Entry>, limits: SheetLimits) {
  const workbook = parts.get(WORKBOOK);
  const rels = parts.get(WORKBOOK_RELS);
  if (!workbook || !rels) throw new SheetRefused('import_file_unreadable', 'no workbook');
  let sheetId: string | undefined;
  const book = xmlParser();
  book.on('opentag', (tag) => {
    if (tag.name !== 'sheet' || sheetId !== undefined) return;
    const [, id] = Object.entries(tag.attributes).find(([name]) => name.endsWith(':id')) ?? [];
    sheetId = id;
  });
  await parseWhole(zip, workbook, limits, book);
  let sheetTarget: string | undefined;
  let stringsTarget: string | undefined;
  const links = xmlParser();
  links.on('opentag', (tag) => {
    if (tag.name !== 'Relationship') return;
    const { Id, Type, Target } = tag.attributes;
    if (Target === undefined) return;
    if (Id === sheetId) sheetTarget = Target;
    else if (Type?.endsWith('/sharedStrings')) stringsTarget = Target;
  });
  await parseWhole(zip, rels, limits, links);
  const sheet = sheetTarget === undefined ? undefined : parts.get(partPath(sheetTarget));
  if (!sheet) throw new SheetRefused('import_file_unreadable', 'no sheet');
  return {
    sheet,
    sharedStrings: stringsTarget === undefined ? undefined : parts.get(partPath(stringsTarget)),
  };
}

/**
 * The shared strings, counted as they are read: a table past the limits is refused before it is
 * kept. Phonetic runs (`rPh`) are not part of a cell's text.
 */
async function readSharedStrings(
  zip: ZipFile,
  entry: Entry,
  limits: SheetLimits,
): Promise<string[]> {
  const strings: string[] = [];
  let current: string | undefined;
  let inText = false;
  let phonetic = 0;
  let chars = 0;
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    if (tag.name === 'si') current = '';
    else if (tag.name === 'rPh') phonetic += 1;
    else if (tag.name === 't') inText = current !== undefined && phonetic === 0;
  });
  parser.on('text', (text) => {
    if (!inText) return;
    chars += text.length;
    if (chars > limits.sharedStringChars) throw new SheetRefused('import_xlsx_strings_too_many');
    current += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 't') inText = false;
    else if (tag.name === 'rPh') phonetic -= 1;
    else if (tag.name === 'si' && current !== undefined) {
      if (strings.length >= limits.sharedStrings) {
        throw new SheetRefused('import_xlsx_strings_too_many');
      }
      strings.push(current);
      current = undefined;
    }
  });
  await parseWhole(zip, entry, limits, parser);
  return strings;
}

/** The column of a cell reference (`C7` → 3); 0 when it names none. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i += 1) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column;
}

/** A cell's value as the text a person sees in it (dates as Excel's day numbers, as ever). */
function cellValue(type: string | undefined, text: string, strings: string[]): string {
  switch (type) {
    case 's':
      return strings[Number(text)] ?? '';
    case 'b':
      return Number(text) !== 0 ? '1' : '0';
    case 'str':
    case 'inlineStr':
    case 'e':
    case 'd':
      return text;
    default: {
      const number = Number(text);
      return text.trim() !== '' && Number.isFinite(number) ? String(number) : text;
    }
  }
}

/** The sheet's rows, a piece of its XML at a time; empty cells after a row's last are dropped. */
async function* readRows(
  zip: ZipFile,
  entry: Entry,
  strings: string[],
  limits: SheetLimits,
): AsyncGenerator<SheetRow> {
  const done: SheetRow[] = [];
  let row: { number: number; cells: string[]; size: number; column: number } | undefined;
  let cell: { column: number; type: string | undefined; text: string } | undefined;
  let inValue = false;
  let phonetic = 0;
  let lastRow = 0;
  const grow = (row: { size: number }, by: number) => {
    row.size += by;
    if (row.size > limits.rowBytes) throw new SheetRefused('import_row_too_long');
  };
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    switch (tag.name) {
      case 'row': {
        const number = Number(tag.attributes.r);
        lastRow = Number.isSafeInteger(number) && number > 0 ? number : lastRow + 1;
        row = { number: lastRow, cells: [], size: 0, column: 0 };
        break;
      }
      case 'c': {
        if (!row) break;
        const column = columnOf(tag.attributes.r ?? '') || row.column + 1;
        if (column > limits.rowCells) throw new SheetRefused('import_row_too_many_cells');
        row.column = column;
        grow(row, 1);
        cell = { column, type: tag.attributes.t, text: '' };
        break;
      }
      case 'rPh':
        phonetic += 1;
        break;
      case 'v':
      case 't':
        inValue = cell !== undefined && phonetic === 0;
        break;
    }
  });
  parser.on('text', (text) => {
    if (!inValue || !cell || !row) return;
    grow(row, text.length);
    cell.text += text;
  });
  parser.on('closetag', (tag) => {
    switch (tag.name) {
      case 'v':
      case 't':
        inValue = false;
        break;
      case 'rPh':
        phonetic -= 1;
        break;
      case 'c':
        if (row && cell) {
          const value = cellValue(cell.type, cell.text, strings);
          if (value !== '') {
            // a shared string counts in its row for each time it is used
            if (cell.type === 's') grow(row, value.length);
            row.cells[cell.column - 1] = value;
          }
        }
        cell = undefined;
        break;
      case 'row':
        if (row) {
          const { cells } = row;
          done.push({ number: row.number, values: Array.from(cells, (value) => value ?? '') });
        }
        row = undefined;
        break;
    }
  });
  for await (const rows of parsePart(zip, entry, limits, parser, done)) yield* rows;
}
