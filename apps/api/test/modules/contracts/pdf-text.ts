import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, read back through each font's ToUnicode map: enough of a PDF reader to
 * check what pdfkit wrote (one hex string per glyph run, Identity-H fonts), not a general one.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  const header = /(\d+) 0 obj\b/g;
  for (let match = header.exec(source); match; match = header.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endobj', start);
    const streamAt = source.indexOf('stream', start);
    if (streamAt < 0 || streamAt > end) {
      objects.set(Number(match[1]), { dict: source.slice(start, end), stream: null });
      continue;
    }
    // a stream is skipped by its length: its bytes may hold anything, "endobj" included
    const dict = source.slice(start, streamAt);
    const from = streamAt + 'stream'.length + (source[streamAt + 6] === '\r' ? 2 : 1);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const bytes = pdf.subarray(from, from + length);
    const stream = (dict.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
    objects.set(Number(match[1]), { dict, stream });
    header.lastIndex = from + length;
  }

  const cmaps = new Map<number, Map<number, string>>();
  for (const [id, { dict }] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(dict)?.[1];
    const cmap = ref ? objects.get(Number(ref))?.stream : undefined;
    if (cmap) cmaps.set(id, parseCmap(cmap));
  }
  const fontsByName = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const entry of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const cmap = cmaps.get(Number(entry[2]));
      if (cmap) fontsByName.set(entry[1]!, cmap);
    }
  }

  const runs: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream?.includes('BT')) continue;
    let font: Map<number, string> | undefined;
    for (const token of stream.matchAll(
      /\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-fA-F]*)> Tj/g,
    )) {
      if (token[1]) {
        font = fontsByName.get(token[1]);
        continue;
      }
      let text = '';
      // a justified line moves its words apart instead of writing spaces: a wide gap is a space
      for (const part of (token[2] ?? `<${token[3]}>`).matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)) {
        if (part[2] !== undefined) {
          if (Number(part[2]) < -200) text += ' ';
          continue;
        }
        const hex = part[1]!;
        for (let i = 0; i + 4 <= hex.length; i += 4) {
          text += font?.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
        }
      }
      runs.push(text);
    }
  }
  return runs.join('\n').replaceAll('\u00a0', ' ');
}

function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const from = Number.parseInt(line[1]!, 16);
      const to = Number.parseInt(line[2]!, 16);
      const target = line[3]!;
      if (target.startsWith('[')) {
        // a ligature maps to several characters: <0066 0069>
        [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((value, i) => {
          map.set(from + i, utf16(value[1]!.replace(/\s/g, '')));
        });
      } else {
        const base = Number.parseInt(target.slice(1, -1), 16);
        for (let code = from; code <= to; code += 1)
          map.set(code, String.fromCharCode(base + code - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const line of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(line[1]!, 16), utf16(line[2]!));
    }
  }
  return map;
}
