import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, searchWords } from '../../db/schema/index.ts';
import {
  type ProductSummaryRow,
  productSummaryColumns,
  type ResolvedFilters,
  type SortKey,
} from '../catalogue/index.ts';
import type { FacetCounts } from './index-arrays.ts';

export interface TokenMatch {
  token: string;
  /** The token is a whole word of the catalogue. */
  known: boolean;
  /** Some word of the catalogue starts with the token. */
  prefixed: boolean;
  /** The closest word of the catalogue by trigram similarity, when the token is not one. */
  closest: string | null;
}

/**
 * A misspelling keeps the word's length, so among similar words the closer length wins:
 * `smasung` is `samsung` (0.33, same length), not `smash` (0.40, two letters shorter).
 */
const LENGTH_PENALTY = sql.raw('0.1');

/** Checks every token against the vocabulary in one round trip. */
export async function matchTokens(db: Executor, tokens: string[]): Promise<TokenMatch[]> {
  if (tokens.length === 0) return [];
  const list = sql.join(
    tokens.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select t.token,
      exists (select 1 from ${searchWords} w where w.word = t.token) as known,
      exists (select 1 from ${searchWords} w where w.word like t.token || '%') as prefixed,
      (select w.word from ${searchWords} w
        where length(t.token) >= 3 and w.word % t.token
        order by similarity(w.word, t.token)
          - ${LENGTH_PENALTY} * abs(length(w.word) - length(t.token)) desc, w.word
        limit 1) as closest
    from unnest(array[${list}]::text[]) as t(token)`);
  const { rows } = result as unknown as { rows: TokenMatch[] };
  return rows.map((r) => ({
    token: r.token,
    known: Boolean(r.known),
    prefixed: Boolean(r.prefixed),
    closest: r.closest,
  }));
}

/** The words of a query: per typed word its spellings, the typed one first. */
export interface WordQuery {
  /** Spellings per word; the last word matches any catalogue word it starts. */
  groups: string[][];
}

/** Best matches first, or one of the lists' sorts. */
export type SearchOrder = 'best' | SortKey;

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/** What narrows the matches: the query's filters, and the categories the shop does not show. */
export interface SearchFilters extends ResolvedFilters {
  hiddenCategoryIds?: number[] | undefined;
}

function filterSql(filters: SearchFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.hiddenCategoryIds?.length) {
    // the postings hold no category: the hidden categories' products are read once, up front
    where.push(
      sql`product_id <> all(array(select id from ${products} where category_id in (${ids(filters.hiddenCategoryIds)})))`,
    );
  }
  if (filters.priceFrom != null) where.push(sql`price >= ${filters.priceFrom}`);
  if (filters.priceTo != null) where.push(sql`price <= ${filters.priceTo}`);
  if (filters.ratingFrom != null) where.push(sql`rating >= ${filters.ratingFrom}::float8`);
  if (filters.brandIds?.length) where.push(sql`brand_id in (${ids(filters.brandIds)})`);
  if (filters.colorIds?.length) where.push(sql`color_id in (${ids(filters.colorIds)})`);
  for (const group of filters.valueGroups ?? []) {
    where.push(sql`value_ids && array[${ids(group)}]::int[]`);
  }
  return where;
}

/** What a match carries: a product's rank keys, sort keys and facets. */
type MatchColumn =
  | 'tier'
  | 'rank'
  | 'popularity'
  | 'price'
  | 'discount'
  | 'rating'
  | 'brand_id'
  | 'color_id'
  | 'value_ids';

/** The posting columns each match column is computed from. */
const READS: Record<MatchColumn, string[]> = {
  tier: ['typed', 'whole', 'positions'],
  rank: ['rank'],
  popularity: ['popularity'],
  price: ['price'],
  discount: ['price', 'old_price'],
  rating: ['rating'],
  brand_id: ['brand_id'],
  color_id: ['color_id'],
  value_ids: ['value_ids'],
};

/**
 * The matching products, one row each, from the search postings of their words (migration
 * 0014): every typed word (or a spelling of it) must be a word of the names, the last one may
 * start one. `tier` 0 holds the typed words as a phrase of whole words, 1 every typed word as
 * typed (the last as a prefix), 2 the rest, found through a fix. Tokens are `[a-z0-9]+`, so the
 * words starting with `s` are exactly those from `s` up to `s` followed by `{`, the character
 * after `z`, in the words' "C" order.
 */
function matchesSql(query: WordQuery, filters: SearchFilters, columns: MatchColumn[]): SQL {
  const { groups } = query;
  const last = groups.length - 1;
  const narrowed = filterSql(filters);
  const read = new Set(columns.flatMap((c) => READS[c]));
  const scans = groups.flatMap((spellings, g) =>
    spellings.map((spelling, s) => {
      const word =
        g === last
          ? sql`word >= ${spelling} and word < ${`${spelling}{`}`
          : sql`word = ${spelling}`;
      const fields = [sql.raw(`product_id, ${g} as g`)];
      if (read.has('typed')) fields.push(sql.raw(`${s === 0} as typed`));
      if (read.has('whole'))
        fields.push(s === 0 ? sql`word = ${spelling} as whole` : sql`false as whole`);
      fields.push(...[...read].filter((c) => c !== 'typed' && c !== 'whole').map(sql.raw));
      return sql`select ${sql.join(fields, sql`, `)}
        from search_postings where ${sql.join([word, ...narrowed], sql` and `)}`;
    }),
  );
  const all = 2 ** groups.length - 1;
  const placed = (g: number) => `coalesce(bit_or(positions) filter (where g = ${g} and whole), 0)`;
  const phrase =
    groups.length === 1
      ? 'bool_or(whole)'
      : `(${groups.map((_, g) => (g === 0 ? placed(g) : `(${placed(g)} >> ${g})`)).join(' & ')}) <> 0`;
  const aggregates: Record<MatchColumn, string> = {
    tier: `case when ${phrase} then 0
      when bit_or(case when typed then 1 << g else 0 end) = ${all} then 1 else 2 end`,
    // each word counts once, at its best: a last word that starts several of a product's words
    // (`iphone 1`: 11, 12, 13) or two spellings of one word add nothing over one of them
    rank: groups.map((_, g) => `coalesce(max(rank) filter (where g = ${g}), 0)`).join(' + '),
    popularity: 'max(popularity)',
    price: 'max(price)',
    discount: `case when max(old_price) > max(price)
      then (max(old_price) - max(price))::float8 / max(old_price) else 0 end`,
    rating: 'max(rating)',
    brand_id: 'max(brand_id)',
    color_id: 'max(color_id)',
    value_ids: 'max(value_ids)',
  };
  const selected = columns.map((c) => `${aggregates[c]} as ${c}`);
  return sql`select ${sql.raw(['product_id', ...selected].join(', '))}
    from (${sql.join(scans, sql` union all `)}) as postings
    group by product_id
    ${sql.raw(groups.length > 1 ? `having bit_or(1 << g) = ${all}` : '')}`;
}

/** Sort keys over the matches' columns; the lists' sorts order as the catalogue's lists do. */
const ORDER: Record<SearchOrder, [MatchColumn | 'product_id', 'asc' | 'desc'][]> = {
  best: [
    ['tier', 'asc'],
    ['rank', 'desc'],
    ['popularity', 'desc'],
    ['product_id', 'asc'],
  ],
  famous: [
    ['popularity', 'desc'],
    ['product_id', 'asc'],
  ],
  cheap: [
    ['price', 'asc'],
    ['product_id', 'asc'],
  ],
  expensive: [
    ['price', 'desc'],
    ['product_id', 'asc'],
  ],
  discount: [
    ['discount', 'desc'],
    ['popularity', 'desc'],
    ['product_id', 'asc'],
  ],
  rating: [
    ['rating', 'desc'],
    ['popularity', 'desc'],
    ['product_id', 'asc'],
  ],
};

const orderBy = (order: SearchOrder, from: string) =>
  sql.raw(ORDER[order].map(([column, direction]) => `${from}.${column} ${direction}`).join(', '));

/**
 * One page of the matches in the given order with their exact count: the matches are read
 * once, from the postings' index alone, and only the page's products are read whole.
 */
export async function searchProductPage(
  db: Executor,
  query: WordQuery,
  filters: SearchFilters,
  order: SearchOrder,
  page: number,
  perPage: number,
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const matches = matchesSql(
    query,
    filters,
    ORDER[order].flatMap(([column]) => (column === 'product_id' ? [] : [column])),
  );
  const keys = sql.raw(ORDER[order].map(([column]) => column).join(', '));
  const pageOf = sql`(select ${keys}, cast(count(*) over () as int) as total
    from (${matches}) as m
    order by ${orderBy(order, 'm')}
    limit ${perPage} offset ${(page - 1) * perPage}) as page`;
  const rows = await db
    .select({ ...productSummaryColumns, total: sql<number>`page.total`.mapWith(Number) })
    .from(products)
    .innerJoin(pageOf, sql`page.product_id = ${products.id}`)
    .orderBy(orderBy(order, 'page'));
  if (rows.length > 0) return { rows, total: rows[0]?.total ?? 0 };
  if (page === 1) return { rows, total: 0 };
  const counted = await db.execute(sql`select cast(count(*) as int) as total from (${matches}) m`);
  const { rows: totals } = counted as unknown as { rows: { total: number }[] };
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export interface SearchFacets {
  prices: { min: number; max: number };
  brands: { id: number; slug: string; name: string; logo: string | null; count: number }[];
  colors: {
    id: number;
    slug: string;
    nameUz: string;
    nameRu: string;
    hex: string;
    count: number;
  }[];
  values: {
    attributeId: number;
    attributeSlug: string;
    attributeNameUz: string;
    attributeNameRu: string;
    valueId: number;
    valueUz: string;
    valueRu: string;
    count: number;
  }[];
}

/**
 * The panel's brands, colours and values with their names, ordered as the catalogue's panels are,
 * from three sources of `(id, count)` rows.
 */
function namedFacets(brands: SQL, colors: SQL, values: SQL): SQL {
  return sql`
      (select coalesce(json_agg(b order by b.count desc, b.name), '[]')
        from (select br.id, br.slug, br.name, br.logo, n.count
          from (${brands}) as n join brands br on br.id = n.id) b) as brands,
      (select coalesce(json_agg(c order by c.count desc, c.id), '[]')
        from (select co.id, co.slug, co.name_uz as "nameUz", co.name_ru as "nameRu", co.hex,
            n.count
          from (${colors}) as n join colors co on co.id = n.id) c) as colors,
      (select coalesce(json_agg(v order by v."attributeId", v.position, v."valueId"), '[]')
        from (select a.id as "attributeId", a.slug as "attributeSlug",
            a.name_uz as "attributeNameUz", a.name_ru as "attributeNameRu",
            av.id as "valueId", av.value_uz as "valueUz", av.value_ru as "valueRu", av.position,
            n.count
          from (${values}) as n
          join attribute_values av on av.id = n.id
          join attributes a on a.id = av.attribute_id) v) as values`;
}

type NamedFacets = Omit<SearchFacets, 'prices'>;

/**
 * The filter panel over every match in one statement: price range, and the products per brand,
 * colour and attribute value, ordered as the catalogue's panels are. The matches are first
 * counted per combination of brand, colour and values, which many products share, so each
 * facet adds up a few hundred combinations instead of every match.
 */
export async function searchFacets(
  db: Executor,
  query: WordQuery,
  hiddenCategoryIds: number[],
): Promise<SearchFacets> {
  const matches = matchesSql(query, { hiddenCategoryIds }, [
    'price',
    'brand_id',
    'color_id',
    'value_ids',
  ]);
  const result = await db.execute(sql`
    with kinds as materialized (
      select brand_id, color_id, value_ids, count(*) as count,
        min(price) as min_price, max(price) as max_price
      from (${matches}) as m
      group by brand_id, color_id, value_ids)
    select
      (select json_build_object('min', coalesce(min(min_price), 0),
          'max', coalesce(max(max_price), 0))
        from kinds) as prices,
      ${namedFacets(
        sql`select brand_id as id, cast(sum(count) as int) as count from kinds group by brand_id`,
        sql`select color_id as id, cast(sum(count) as int) as count from kinds group by color_id`,
        sql`select value_id as id, cast(sum(k.count) as int) as count
          from kinds k, unnest(k.value_ids) as value_id group by value_id`,
      )}`);
  const { rows } = result as unknown as { rows: SearchFacets[] };
  const row = rows[0];
  return {
    prices: { min: Number(row?.prices.min ?? 0), max: Number(row?.prices.max ?? 0) },
    brands: row?.brands ?? [],
    colors: row?.colors ?? [],
    values: row?.values ?? [],
  };
}

/**
 * The filter panel from the numbers counted in memory (memory.ts): the brands, colours and values
 * with their names, in one statement ordered as `searchFacets` orders them.
 */
export async function describeFacets(db: Executor, counts: FacetCounts): Promise<SearchFacets> {
  const counted = (map: Map<number, number>) => {
    const ids = [...map.keys()];
    return sql`select * from unnest(${`{${ids.join(',')}}`}::int[],
      ${`{${ids.map((id) => map.get(id)).join(',')}}`}::int[]) as n(id, count)`;
  };
  const result = await db.execute(
    sql`select ${namedFacets(counted(counts.brands), counted(counts.colors), counted(counts.values))}`,
  );
  const { rows } = result as unknown as { rows: NamedFacets[] };
  const row = rows[0];
  return {
    prices: counts.prices,
    brands: row?.brands ?? [],
    colors: row?.colors ?? [],
    values: row?.values ?? [],
  };
}
