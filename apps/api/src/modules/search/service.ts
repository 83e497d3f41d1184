import {
  type Lang,
  type ListFilters,
  type SearchCategory,
  type SearchQuery,
  type SearchResult,
  searchTokens,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { pick } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/paging.ts';
import { productWhere } from '../catalogue/listing-repository.ts';
import { filtersOf, listProducts, resolveFilters } from '../catalogue/listing-service.ts';
import { summarizeProducts } from '../catalogue/summaries.ts';
import * as repo from './repository.ts';

const CATEGORY_LIMIT = 6;

/** What a query means once its words are checked against the catalogue's vocabulary. */
export interface ParsedQuery {
  /** The words as typed, in search form. */
  phrase: string;
  /** Every word must match exactly (the last one as a prefix). */
  exact: string;
  /** Words may also match their closest catalogue word: what the search runs. */
  tolerant: string;
  /** Spellings per word, for matching category names. */
  groups: string[][];
}

/**
 * Turns the text into tsquery texts. Tokens are `[a-z0-9]+` after folding, so they are safe
 * inside a tsquery; a word that is not in the catalogue also matches its closest word there
 * (`smasung` → `samsung`), and the last word matches as a prefix while it is being typed.
 */
export async function parseQuery(db: Executor, text: string): Promise<ParsedQuery | null> {
  const tokens = searchTokens(text);
  if (tokens.length === 0) return null;
  const matches = await repo.matchTokens(db, tokens);
  const lastIndex = tokens.length - 1;
  const groups = matches.map((m, i) => {
    const fits = i === lastIndex ? m.prefixed : m.known;
    return fits || !m.closest || m.closest === m.token ? [m.token] : [m.token, m.closest];
  });
  const term = (word: string, i: number) => (i === lastIndex ? `${word}:*` : word);
  return {
    phrase: tokens.join(' '),
    exact: tokens.map(term).join(' & '),
    tolerant: groups
      .map((spellings, i) => {
        const alternatives = spellings.map((s) => term(s, i));
        return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' | ')})`;
      })
      .join(' & '),
    groups,
  };
}

function emptyResult(query: SearchQuery): SearchResult {
  return { categories: [], products: { data: [], meta: pageMeta(query.page, query.per_page, 0) } };
}

/** Matching products: best matches first, or a list's own sort when one is asked for. */
async function searchProducts(
  db: Executor,
  parsed: ParsedQuery,
  query: SearchQuery,
  lang: Lang,
): Promise<SearchResult['products']> {
  const scope = { search: parsed.tolerant };
  if (query.sort) return listProducts(db, scope, { ...query, sort: query.sort }, lang);
  const filters = await resolveFilters(db, query, lang);
  const { rows, total } = await repo.rankedProductPage(
    db,
    productWhere(scope, filters),
    parsed,
    query.page,
    query.per_page,
  );
  return {
    data: await summarizeProducts(db, rows, lang),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

export async function search(db: Executor, query: SearchQuery, lang: Lang): Promise<SearchResult> {
  const parsed = await parseQuery(db, query.query);
  if (!parsed) return emptyResult(query);
  const [categoryRows, products] = await Promise.all([
    query.page === 1 ? repo.findCategories(db, parsed.groups, CATEGORY_LIMIT) : [],
    searchProducts(db, parsed, query, lang),
  ]);
  const categories: SearchCategory[] = categoryRows.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: pick(c, 'name', lang),
    image: c.image,
  }));
  return { categories, products };
}

export async function searchFilters(db: Executor, text: string, lang: Lang): Promise<ListFilters> {
  const parsed = await parseQuery(db, text);
  if (!parsed) return { prices: { min: 0, max: 0 }, brands: [], colors: [], filters: [] };
  return filtersOf(db, { search: parsed.tolerant }, lang);
}
