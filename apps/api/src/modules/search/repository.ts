import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, products, searchWords } from '../../db/schema/index.ts';
import { type ProductSummaryRow, productSummaryColumns } from '../catalogue/summaries.ts';

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

/** Categories whose names hold every token group (one of its spellings each). */
export function findCategories(db: Executor, groups: string[][], limit: number) {
  const where: SQL[] = groups.map(
    (spellings) =>
      or(...spellings.map((s) => sql`(' ' || ${categories.searchText}) like ${`% ${s}%`}`)) ??
      sql`false`,
  );
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      nameUz: categories.nameUz,
      nameRu: categories.nameRu,
      image: categories.image,
    })
    .from(categories)
    .where(and(...where))
    .orderBy(
      sql`case when ${categories.searchText} like ${`${groups.map((g) => g[0]).join(' ')}%`} then 0 else 1 end`,
      sql`${categories.parentId} is not null`,
      asc(categories.position),
      asc(categories.id),
    )
    .limit(limit);
}

export interface Ranking {
  /** The words as typed: matching them as a phrase of whole words ranks first. */
  phrase: string;
  /** A tsquery every word matches exactly (the last as a prefix): ranks next. */
  exact: string;
  /** The tsquery the search runs, corrections included. */
  tolerant: string;
}

/**
 * One page of the matches, best first: the phrase as whole words, then exact words and
 * prefixes, then fixes; within each, by text rank and popularity. No index serves this order,
 * so every match is read and ranked anyway: that one pass also counts them, and it carries only
 * the ranking keys, the page's rows being read whole afterwards.
 */
export async function rankedProductPage(
  db: Executor,
  where: SQL | undefined,
  ranking: Ranking,
  page: number,
  perPage: number,
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const tier = sql.identifier('tier');
  const rank = sql.identifier('rank');
  const matches = db
    .select({
      id: products.id,
      popularity: products.popularity,
      tier: sql<number>`case
        when (' ' || ${products.searchText} || ' ') like ${`% ${ranking.phrase} %`} then 0
        when ${products.searchVector} @@ to_tsquery('simple', ${ranking.exact}) then 1
        else 2 end`.as('tier'),
      rank: sql<number>`ts_rank(${products.searchVector}, to_tsquery('simple', ${ranking.tolerant}))`.as(
        'rank',
      ),
      total: sql<number>`cast(count(*) over () as int)`.as('total'),
    })
    .from(products)
    .where(where)
    .orderBy(sql`${tier}`, sql`${rank} desc`, desc(products.popularity), asc(products.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .as('matches');
  const rows = await db
    .select({ ...productSummaryColumns, total: matches.total })
    .from(matches)
    .innerJoin(products, eq(products.id, matches.id))
    .orderBy(matches.tier, desc(matches.rank), desc(matches.popularity), asc(matches.id));
  if (rows.length > 0) return { rows, total: rows[0]?.total ?? 0 };
  if (page === 1) return { rows, total: 0 };
  const [counted] = await db
    .select({ total: sql<number>`cast(count(*) as int)`.mapWith(Number) })
    .from(products)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}
