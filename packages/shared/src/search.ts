/**
 * One Latin form for search: Russian, Uzbek Cyrillic and Uzbek Latin all fold to it, so a query
 * typed in either script meets names written in the other. The database computes the same form
 * with its `bozor_latin` function (migration 0002); both must change together.
 */
const UPPER = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЎҚҒҲ';
const LOWER = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяўқғҳ';
const DROPPED = new Set(["'", '’', '‘', 'ʻ', 'ʼ', '`', 'ъ', 'ь']);
const DIGRAPHS: [string, string][] = [
  ['щ', 'sh'],
  ['ш', 'sh'],
  ['ч', 'ch'],
  ['ж', 'j'],
  ['ю', 'yu'],
  ['я', 'ya'],
  ['ц', 'ts'],
  ['ё', 'e'],
];
const SINGLE_FROM = 'абвгдезийклмнопрстуфхыэўқғҳ';
const SINGLE_TO = 'abvgdeziyklmnoprstufxieoqgh';

function translate(text: string, from: string, to: string): string {
  let out = '';
  for (const ch of text) {
    const i = from.indexOf(ch);
    out += i === -1 ? ch : (to[i] ?? '');
  }
  return out;
}

export function toSearchLatin(text: string): string {
  let s = translate(text.toLowerCase(), UPPER, LOWER);
  s = [...s].filter((ch) => !DROPPED.has(ch)).join('');
  for (const [from, to] of DIGRAPHS) s = s.replaceAll(from, to);
  s = translate(s, SINGLE_FROM, SINGLE_TO);
  s = s.replaceAll('zh', 'j').replaceAll('kh', 'x');
  return s.replace(/[^a-z0-9]+/g, ' ').trim();
}

/** The words of a query in the search form, longest first dropped past a sane count. */
export function searchTokens(text: string, max = 8): string[] {
  return toSearchLatin(text).split(' ').filter(Boolean).slice(0, max);
}
