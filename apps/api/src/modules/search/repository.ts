import { and, asc, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, products, searchWords } from '../../db/schema/index.ts';

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
  const latin = sql`bozor_latin(${categories.nameUz} || ' ' || ${categories.nameRu})`;
  const where: SQL[] = groups.map(
    (spellings) =>
      or(...spellings.map((s) => sql`(' ' || ${latin}) like ${`% ${s}%`}`)) ?? sql`false`,
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
      sql`case when ${latin} like ${`${groups.map((g) => g[0]).join(' ')}%`} then 0 else 1 end`,
      sql`${categories.parentId} is not null`,
      asc(categories.position),
      asc(categories.id),
    )
    .limit(limit);
}

/** Best matches first: the phrase as whole words, then exact words and prefixes, then fixes. */
export function relevanceOrder(phrase: string, exactQuery: string, query: string): SQL[] {
  return [
    sql`case
      when (' ' || ${products.searchText} || ' ') like ${`% ${phrase} %`} then 0
      when ${products.searchVector} @@ to_tsquery('simple', ${exactQuery}) then 1
      else 2 end`,
    sql`ts_rank(${products.searchVector}, to_tsquery('simple', ${query})) desc`,
    sql`${products.popularity} desc`,
    asc(products.id),
  ];
}
