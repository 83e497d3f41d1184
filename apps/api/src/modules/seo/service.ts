import { DEFAULT_LANG, LANGS } from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeMarkup } from '../../lib/markup.ts';
import { listHiddenCategoryIds } from '../catalogue/index.ts';
import * as repo from './repository.ts';

/** The sitemaps protocol's limit of `<url>` entries in one file. */
export const URLS_PER_SITEMAP = 50_000;

/** Rows read per query while a sitemap file is written. */
const BATCH_SIZE = 1_000;

/** Where the storefront shows one row of each kind. */
const PAGE_PATHS: Record<repo.SitemapKind, string> = {
  categories: '/category/',
  brands: '/brands/',
  products: '/product/',
};

/** Pages of customers and checkout: nothing a search engine should list. */
const PRIVATE_PATHS = [
  '/api/',
  '/profile',
  '/checkout',
  '/basket',
  '/favorites',
  '/scoring',
  '/user',
  '/order-detail',
  '/installment',
  '/contract',
];

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Each row is listed once per language, so a file holds half as many rows as `<url>` entries. */
function rowsPerFile(urlsPerFile: number): number {
  return Math.max(1, Math.floor(urlsPerFile / LANGS.length));
}

export async function sitemapIndex(
  db: Executor,
  origin: string,
  urlsPerFile: number,
): Promise<string> {
  const entries: string[] = [];
  const hidden = await listHiddenCategoryIds(db);
  for (const kind of repo.SITEMAP_KINDS) {
    const files = Math.ceil((await repo.countVisible(db, kind, hidden)) / rowsPerFile(urlsPerFile));
    for (let page = 1; page <= files; page++) {
      const loc = escapeMarkup(`${origin}/sitemaps/${kind}-${page}.xml`);
      entries.push(`<sitemap><loc>${loc}</loc></sitemap>\n`);
    }
  }
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('')}</sitemapindex>\n`;
}

function parseFileName(name: string): { kind: repo.SitemapKind; page: number } | undefined {
  const match = /^([a-z]+)-([1-9]\d{0,8})\.xml$/.exec(name);
  const kind = repo.SITEMAP_KINDS.find((k) => k === match?.[1]);
  return kind && match ? { kind, page: Number(match[2]) } : undefined;
}

/**
 * One language version of a page per `<url>`, each naming all of them: the shop's own language
 * (Uzbek) at the address without `?lang`, which is also the `x-default`, Russian at `?lang=ru`,
 * as the pages' canonical and alternate links name them.
 */
function urlEntries(origin: string, path: string): string {
  const base = `${origin}${path}`;
  const versions = LANGS.map((lang) => ({
    hreflang: lang,
    href: lang === DEFAULT_LANG ? base : `${base}?lang=${lang}`,
  }));
  const links = [...versions, { hreflang: 'x-default', href: base }]
    .map(
      (v) =>
        `<xhtml:link rel="alternate" hreflang="${v.hreflang}" href="${escapeMarkup(v.href)}"/>`,
    )
    .join('');
  return versions.map((v) => `<url><loc>${escapeMarkup(v.href)}</loc>${links}</url>\n`).join('');
}

/**
 * A sitemap file such as `products-2.xml`, written in batches so a large catalogue is never in
 * memory at once. A name that is not a file of the index is a 404 before anything is written.
 */
export async function sitemapFile(
  db: Executor,
  origin: string,
  name: string,
  urlsPerFile: number,
): Promise<AsyncGenerator<string>> {
  const file = parseFileName(name);
  if (!file) throw notFound();
  const rows = rowsPerFile(urlsPerFile);
  const hidden = await listHiddenCategoryIds(db);
  const firstId = await repo.idAt(db, file.kind, (file.page - 1) * rows, hidden);
  if (firstId === undefined) throw notFound();
  const path = PAGE_PATHS[file.kind];
  return (async function* () {
    yield `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
    let left = rows;
    let fromId = firstId;
    while (left > 0) {
      const size = Math.min(BATCH_SIZE, left);
      const batch = await repo.listVisibleFrom(db, file.kind, fromId, size, hidden);
      yield batch.map((row) => urlEntries(origin, path + encodeURIComponent(row.slug))).join('');
      const last = batch.at(-1);
      if (!last || batch.length < Math.min(BATCH_SIZE, left)) break;
      left -= batch.length;
      fromId = last.id + 1;
    }
    yield '</urlset>\n';
  })();
}
