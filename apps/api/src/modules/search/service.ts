import {
  type Lang,
  type ListFilters,
  type PageMeta,
  type SearchCategory,
  type SearchQuery,
  SearchResult,
  searchTokens,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { pick } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/paging.ts';
import {
  type CategoryRow,
  cardContext,
  cardText,
  listHiddenCategoryIds,
  listShownCategories,
  resolveFilters,
  summarizeProducts,
  summaryOf,
} from '../catalogue/index.ts';
import { searchMemoryOf } from './memory.ts';
import * as repo from './repository.ts';

const CATEGORY_LIMIT = 6;

/** Token checks are kept per database for a minute, the longest a new word waits to be a fix. */
const TOKEN_TTL_MS = 60_000;
const TOKEN_CACHE_SIZE = 5_000;
const tokenChecks = new WeakMap<Executor, Map<string, { match: repo.TokenMatch; at: number }>>();

/**
 * Checks tokens against the vocabulary, reusing recent answers: the same words are typed over
 * and over, and the vocabulary only grows, so an answer can at worst miss a fix for a minute.
 */
async function matchTokens(db: Executor, tokens: string[]): Promise<repo.TokenMatch[]> {
  let cache = tokenChecks.get(db);
  if (!cache) {
    cache = new Map();
    tokenChecks.set(db, cache);
  }
  const now = Date.now();
  const known = new Map<string, repo.TokenMatch>();
  for (const token of tokens) {
    const entry = cache.get(token);
    if (entry && now - entry.at < TOKEN_TTL_MS) known.set(token, entry.match);
  }
  const missing = [...new Set(tokens.filter((t) => !known.has(t)))];
  for (const match of await repo.matchTokens(db, missing)) {
    known.set(match.token, match);
    cache.delete(match.token);
    cache.set(match.token, { match, at: now });
  }
  for (const oldest of cache.keys()) {
    if (cache.size <= TOKEN_CACHE_SIZE) break;
    cache.delete(oldest);
  }
  return tokens.map(
    (token) => known.get(token) ?? { token, known: false, prefixed: false, closest: null },
  );
}

/**
 * The words of the text, each with its spellings: a word that is not in the catalogue also
 * matches its closest word there (`smasung` → `samsung`), and the last word matches as a prefix
 * while it is being typed, so it needs a fix only when no catalogue word starts with it.
 */
export async function parseQuery(db: Executor, text: string): Promise<repo.WordQuery | null> {
  const tokens = searchTokens(text);
  if (tokens.length === 0) return null;
  const matches = await matchTokens(db, tokens);
  const lastIndex = tokens.length - 1;
  const groups = matches.map((m, i) => {
    const fits = i === lastIndex ? m.prefixed : m.known;
    return fits || !m.closest || m.closest === m.token ? [m.token] : [m.token, m.closest];
  });
  return { groups };
}

/**
 * One page of the matches as their cards' answer text, with their count: ranked in memory when
 * the process keeps the index (memory.ts), which also keeps the cards it has written; in the
 * database otherwise.
 */
async function productPage(
  db: Executor,
  parsed: repo.WordQuery,
  filters: repo.SearchFilters,
  order: repo.SearchOrder,
  page: { page: number; perPage: number; lang: Lang },
): Promise<{ cards: string[]; total: number }> {
  const context = await cardContext(db);
  // asked after the last wait: the index answers for the moment it is asked
  const memory = searchMemoryOf(db);
  if (memory) {
    return memory.pageTexts(parsed, filters, order, page, context, (rows) =>
      rows.map((row) => cardText(summaryOf(row, context, page.lang))),
    );
  }
  const { rows, total } = await repo.searchProductPage(
    db,
    parsed,
    filters,
    order,
    page.page,
    page.perPage,
  );
  return { cards: (await summarizeProducts(db, rows, page.lang)).map(cardText), total };
}

/**
 * Each shown category's search text after a space, so a word's start is found with one `includes`;
 * made once per list of shown categories rather than for every category at every search.
 */
const searchTexts = new WeakMap<readonly CategoryRow[], string[]>();

function searchTextsOf(shown: readonly CategoryRow[]): string[] {
  let texts = searchTexts.get(shown);
  if (!texts) {
    texts = shown.map((c) => ` ${c.searchText ?? ''}`);
    searchTexts.set(shown, texts);
  }
  return texts;
}

/**
 * Categories whose names hold every word (one of its spellings each, as a word's start), among
 * those the shop shows: those starting with the typed words first, then top categories, then in
 * the tree's order. The shown categories are kept in memory, so this reads nothing.
 */
async function findCategories(db: Executor, groups: string[][], limit: number) {
  const { shown } = await listShownCategories(db);
  const texts = searchTextsOf(shown);
  const wanted = groups.map((spellings) => spellings.map((s) => ` ${s}`));
  const start = groups.map((g) => g[0]).join(' ');
  return shown
    .filter((_, i) => {
      const text = texts[i] as string;
      return wanted.every((spellings) => spellings.some((s) => text.includes(s)));
    })
    .map((c) => ({ c, starts: (c.searchText ?? '').startsWith(start) ? 0 : 1 }))
    .sort(
      (a, b) =>
        a.starts - b.starts ||
        Number(a.c.parentId != null) - Number(b.c.parentId != null) ||
        a.c.position - b.c.position ||
        a.c.id - b.c.id,
    )
    .slice(0, limit)
    .map(({ c }) => c);
}

/** Matching products: best matches first, or a list's own sort when one is asked for. */
async function searchProducts(
  db: Executor,
  parsed: repo.WordQuery,
  query: SearchQuery,
  lang: Lang,
): Promise<{ cards: string[]; meta: PageMeta }> {
  const [filters, hiddenCategoryIds] = await Promise.all([
    resolveFilters(db, query, lang),
    listHiddenCategoryIds(db),
  ]);
  const { cards, total } = await productPage(
    db,
    parsed,
    { ...filters, hiddenCategoryIds },
    query.sort ?? 'best',
    { page: query.page, perPage: query.per_page, lang },
  );
  return { cards, meta: pageMeta(query.page, query.per_page, total) };
}

/**
 * The search's answer as its JSON text (`{ data: SearchResult }`). The cards are written once and
 * kept (`cardText`, each checked against the contract then); the rest is checked here, and the
 * text is the one the contract's serializer writes for the same answer.
 */
export async function searchAnswer(db: Executor, query: SearchQuery, lang: Lang): Promise<string> {
  const parsed = await parseQuery(db, query.query);
  const [categoryRows, products] = parsed
    ? await Promise.all([
        query.page === 1 ? findCategories(db, parsed.groups, CATEGORY_LIMIT) : [],
        searchProducts(db, parsed, query, lang),
      ])
    : [[], { cards: [], meta: pageMeta(query.page, query.per_page, 0) }];
  const categories: SearchCategory[] = categoryRows.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: pick(c, 'name', lang),
    image: c.image,
  }));
  const head = SearchResult.encode({ categories, products: { data: [], meta: products.meta } });
  return `{"data":{"categories":${JSON.stringify(head.categories)},"products":{"data":[${products.cards.join(',')}],"meta":${JSON.stringify(head.products.meta)}}}}`;
}

/** The filter panel of the results: the price range and the matches per facet value. */
export async function searchFilters(db: Executor, text: string, lang: Lang): Promise<ListFilters> {
  const parsed = await parseQuery(db, text);
  if (!parsed) return { prices: { min: 0, max: 0 }, brands: [], colors: [], filters: [] };
  const hidden = await listHiddenCategoryIds(db);
  const memory = searchMemoryOf(db);
  // counted in memory when the process keeps the index, in the database otherwise
  const facets = memory
    ? await repo.describeFacets(db, memory.facets(parsed, hidden))
    : await repo.searchFacets(db, parsed, hidden);
  const attributes = new Map<number, ListFilters['filters'][number]>();
  for (const v of facets.values) {
    const attribute = attributes.get(v.attributeId) ?? {
      id: v.attributeId,
      slug: v.attributeSlug,
      name: pick(v, 'attributeName', lang),
      values: [],
    };
    attribute.values.push({ id: v.valueId, name: pick(v, 'value', lang), count: v.count });
    attributes.set(v.attributeId, attribute);
  }
  return {
    prices: facets.prices,
    brands: facets.brands,
    colors: facets.colors.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: pick(c, 'name', lang),
      hex: c.hex,
      count: c.count,
    })),
    filters: [...attributes.values()],
  };
}
