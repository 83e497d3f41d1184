/**
 * The one CSV writer of the shop's exports (products, reports): comma-separated, quoted as RFC
 * 4180 has it, CRLF line ends, and a UTF-8 byte order mark, without which Excel reads the file
 * in the computer's legacy code page and garbles Cyrillic and Uzbek letters.
 *
 * A spreadsheet program runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return as a formula. Excel set to Russian or Uzbek cuts lines at `;`, and a quote in the middle
 * of what it takes for a cell does not hold that separator in: any piece of a text that follows a
 * `,`, a `;` or a line break may become a cell of its own. So the start of a text and each such
 * piece get a `'` before the character a program would run (after the piece's spaces and
 * quotes), and a `'` already there gets another, so `readCsvCell` can take exactly those away
 * again: an import reads back what an export wrote. A number is written as it is: a negative
 * amount is a figure, not a formula, and a text that looks like one is still guarded.
 */

export const CSV_BOM = '\ufeff';

/** A cell of an export: a figure, or a text to guard. */
export type CsvCell = string | number;

const SEPARATORS = new Set([',', ';', '\r', '\n']);
/** Spaces and quotes, then any `'`s already there, then what a program would run. */
const RUNNABLE = /([ "]*)'*[=+\-@\t\r]/y;
/** The same with one `'` more: what `formatCsvCell` made of it. */
const GUARDED = /([ "]*)''*[=+\-@\t\r]/y;
const QUOTED = /[",;\r\n]|^\s|\s$/;

/**
 * Where `pattern` matches at the start of a piece of `text` (its start, or just after a
 * separator): the index just after the piece's leading spaces and quotes, for each.
 */
function marks(text: string, pattern: RegExp): number[] {
  const found: number[] = [];
  for (let start = 0; start <= text.length; start += 1) {
    if (start > 0 && !SEPARATORS.has(text.charAt(start - 1))) continue;
    pattern.lastIndex = start;
    const match = pattern.exec(text);
    if (match) found.push(start + (match[1]?.length ?? 0));
  }
  return found;
}

/** One field: a number as it is, a text guarded against formulas and quoted when it must be. */
export function formatCsvCell(value: CsvCell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  // one `'` more before any run of them, so a text that starts with `'=` comes back whole
  let text = '';
  let from = 0;
  for (const at of marks(value, RUNNABLE)) {
    text += `${value.slice(from, at)}'`;
    from = at;
  }
  text += value.slice(from);
  return QUOTED.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ended by CRLF. */
export function formatCsvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(formatCsvCell).join(',')}\r\n`;
}

/** A whole file: the byte order mark, then each row. */
export function formatCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${CSV_BOM}${rows.map(formatCsvRow).join('')}`;
}

/** A cell as read from a file (its quoting undone), without the `'`s an export put in it. */
export function readCsvCell(text: string): string {
  let read = '';
  let from = 0;
  for (const at of marks(text, GUARDED)) {
    read += text.slice(from, at);
    from = at + 1;
  }
  return read + text.slice(from);
}
