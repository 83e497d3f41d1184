/**
 * Search's products as the database holds them: read whole into columns when the index is built
 * (`readWhole`), and a few products read again when they change (`readProducts`).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type Cards,
  type Columns,
  columns,
  grown,
  indexOf,
  type ProductFacts,
  resized,
  type WordPosting,
  writeFacts,
} from './index-columns.ts';

interface RawFacts {
  id: number;
  popularity: number;
  price: string;
  old_price: string | null;
  rating: number;
  brand_id: number | null;
  color_id: number | null;
  category_id: number;
  value_ids: number[] | null;
  card: string;
}

export interface RawPosting {
  word: string;
  product_id: number;
  rank: number;
  positions: string;
}

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const toFacts = (r: RawFacts): ProductFacts => ({
  id: Number(r.id),
  popularity: Number(r.popularity),
  price: Number(r.price),
  oldPrice: r.old_price == null ? null : Number(r.old_price),
  rating: Number(r.rating),
  brandId: r.brand_id == null ? null : Number(r.brand_id),
  colorId: r.color_id == null ? null : Number(r.color_id),
  categoryId: Number(r.category_id),
  valueIds: (r.value_ids ?? []).map(Number),
  card: r.card,
});

/** The facts search keeps of the active products among `ids`. */
async function readFacts(db: Executor, ids: number[]): Promise<ProductFacts[]> {
  return (await readFactRows(db, sql`p.id = any(${`{${ids.join(',')}}`}::int[])`)).map(toFacts);
}

function readFactRows(db: Executor, where: SQL, limit?: number): Promise<RawFacts[]> {
  return rowsOf<RawFacts>(
    db,
    sql`select p.id, p.popularity, p.price::text as price, p.old_price::text as old_price,
      p.rating,
      p.brand_id, p.color_id, p.category_id,
      array(select v.value_id from product_attribute_values v
        where v.product_id = p.id order by 1) as value_ids,
      json_build_object('slug', p.slug, 'nameUz', p.name_uz, 'nameRu', p.name_ru,
        'price', p.price, 'oldPrice', p.old_price, 'images', p.images, 'stock', p.stock,
        'rating', p.rating, 'ratingCount', p.rating_count,
        'tagIds', array(select t.tag_id from product_tags t where t.product_id = p.id order by 1)
      )::text as card
    from products p where p.is_active and ${where}
    order by p.id ${limit ? sql`limit ${limit}` : sql``}`,
  );
}

/** Rows read at a time while the index is read whole. */
const PAGE_ROWS = 10_000;

/** Low and high 32 bits of positions (bit 63 is never set). */
export const splitPositions = (text: string): [number, number] => {
  const value = BigInt(text);
  return [Number(value & 0xffffffffn), Number(value >> 32n)];
};

/** The products among `ids` as they are now: their facts and words, or null when gone. */
export async function readProducts(
  db: Executor,
  ids: number[],
): Promise<Map<number, { facts: ProductFacts; postings: WordPosting[] } | null>> {
  const [facts, postings] = await Promise.all([
    readFacts(db, ids),
    rowsOf<RawPosting>(
      db,
      sql`select word, product_id, rank, positions::text as positions from search_postings
        where product_id = any(${`{${ids.join(',')}}`}::int[])`,
    ),
  ]);
  const read = new Map<number, { facts: ProductFacts; postings: WordPosting[] } | null>(
    ids.map((id) => [id, null]),
  );
  for (const f of facts) read.set(f.id, { facts: f, postings: [] });
  for (const p of postings) {
    read.get(Number(p.product_id))?.postings.push({
      word: p.word,
      rank: Number(p.rank),
      positions: BigInt(p.positions),
    });
  }
  return read;
}
/** What `readWhole` read: the words with their postings, and the products' columns and cards. */
export interface WholeIndex {
  words: string[];
  starts: Int32Array;
  postings: { slots: Int32Array; ranks: Float32Array; lo: Uint32Array; hi: Uint32Array };
  base: {
    columns: Columns;
    count: number;
    valueStarts: Int32Array;
    values: Int32Array;
    cards: Cards;
  };
}

/**
 * Reads every active product and its postings, a page at a time straight into the columns (a
 * page of rows at most is ever held as objects), with `spare` slots for new products.
 */
export async function readWhole(db: Executor, spare: number): Promise<WholeIndex> {
  const count = async (table: SQL) =>
    Number(
      (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${table}`))[0]?.n ?? 0,
    );
  // sized once, with room for what is written while it is read
  const room = (n: number) => Math.ceil(n * 1.02) + 1024;
  let c = columns(room(await count(sql`products where is_active`)));
  let valueStarts = new Int32Array(c.ids.length + 1);
  let values = new Int32Array(1024);
  const cards: Cards = {
    chunks: [],
    chunk: new Uint16Array(c.ids.length),
    starts: new Int32Array(c.ids.length),
    ends: new Int32Array(c.ids.length),
  };
  let products = 0;
  let valueCount = 0;
  for (let after = 0; ; ) {
    const page = await readFactRows(db, sql`p.id > ${after}`, PAGE_ROWS);
    const pageCards: string[] = [];
    let pageBytes = 0;
    for (const row of page) {
      const f = toFacts(row);
      if (products === c.ids.length) {
        c = resized(c, c.ids.length * 2);
        valueStarts = grown(valueStarts, new Int32Array(c.ids.length + 1));
        cards.chunk = grown(cards.chunk, new Uint16Array(c.ids.length));
        cards.starts = grown(cards.starts, new Int32Array(c.ids.length));
        cards.ends = grown(cards.ends, new Int32Array(c.ids.length));
      }
      writeFacts(c, products, f);
      valueStarts[products] = valueCount;
      while (valueCount + f.valueIds.length > values.length) {
        values = grown(values, new Int32Array(values.length * 2));
      }
      values.set(f.valueIds, valueCount);
      valueCount += f.valueIds.length;
      cards.chunk[products] = cards.chunks.length;
      cards.starts[products] = pageBytes;
      pageBytes += Buffer.byteLength(f.card);
      cards.ends[products] = pageBytes;
      pageCards.push(f.card);
      products += 1;
    }
    cards.chunks.push(Buffer.from(pageCards.join('')));
    const last = page[page.length - 1];
    if (!last || page.length < PAGE_ROWS) break;
    after = Number(last.id);
  }
  valueStarts[products] = valueCount;
  // the spare slots after the products read whole
  if (c.ids.length < products + spare) c = resized(c, products + spare);
  const ids = c.ids.subarray(0, products);

  const words: string[] = [];
  const starts: number[] = [];
  let size = room(await count(sql`search_postings`));
  let slots = new Int32Array(size);
  let ranks = new Float32Array(size);
  let lo = new Uint32Array(size);
  let hi = new Uint32Array(size);
  let postings = 0;
  let after: { word: string; id: number } | null = null;
  for (;;) {
    const from: SQL = after ? sql`where (word, product_id) > (${after.word}, ${after.id})` : sql``;
    const page: RawPosting[] = await rowsOf<RawPosting>(
      db,
      sql`select word, product_id, rank, positions::text as positions from search_postings
        ${from} order by word, product_id limit ${PAGE_ROWS}`,
    );
    for (const row of page) {
      const slot = indexOf(ids, Number(row.product_id));
      if (slot < 0) continue;
      if (words[words.length - 1] !== row.word) {
        words.push(row.word);
        starts.push(postings);
      }
      if (postings === size) {
        size *= 2;
        slots = grown(slots, new Int32Array(size));
        ranks = grown(ranks, new Float32Array(size));
        lo = grown(lo, new Uint32Array(size));
        hi = grown(hi, new Uint32Array(size));
      }
      const [low, high] = splitPositions(row.positions);
      slots[postings] = slot;
      ranks[postings] = Number(row.rank);
      lo[postings] = low;
      hi[postings] = high;
      postings += 1;
    }
    const last: RawPosting | undefined = page[page.length - 1];
    if (!last || page.length < PAGE_ROWS) break;
    after = { word: last.word, id: Number(last.product_id) };
  }
  starts.push(postings);
  return {
    words,
    starts: Int32Array.from(starts),
    postings: {
      slots: slots.subarray(0, postings),
      ranks: ranks.subarray(0, postings),
      lo: lo.subarray(0, postings),
      hi: hi.subarray(0, postings),
    },
    base: {
      columns: c,
      count: products,
      valueStarts: valueStarts.subarray(0, products + 1),
      values: values.subarray(0, valueCount),
      cards,
    },
  };
}
