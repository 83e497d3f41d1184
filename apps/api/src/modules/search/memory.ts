import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  CATALOGUE_CHANNEL,
  type CatalogueChange,
  type CatalogueChanges,
} from '../../lib/catalogue-changes.ts';
import type { SearchFilters, SearchOrder, WordQuery } from './repository.ts';

/**
 * The search postings (migration 0014) kept in each API process's memory, so a search ranks,
 * counts and pages its matches without a round trip: the same matches, tiers, ranks and orders as
 * `repository.ts` computes in SQL (a test compares both on every query it knows), with the
 * database still reading the page's 24 products. Matching `samsung` at 100,000 products walks
 * 4,317 postings in a fraction of a millisecond, where the database took 4–5 ms of its CPU.
 *
 * The index is read whole when changes start being heard, and kept in step with them: a product
 * announced as changed (`p<id>`, new ones too since migration 0028) is read again on its own and
 * laid over the index; anything else ("everything": a category, brand or attribute edit, a lost
 * connection) drops the index and reads it again. While it is being read, while a product is
 * being read again, or while changes are not heard, search asks the database as before.
 */

/** One product as search filters and sorts it. */
interface Facts {
  id: number;
  popularity: number;
  price: number;
  oldPrice: number | null;
  brandId: number | null;
  colorId: number | null;
  categoryId: number;
  valueIds: number[];
}

/** A word of a product's names with its rank weight and positions, as in search_postings. */
interface Posting {
  word: string;
  rank: number;
  positions: bigint;
}

/** The index as read at once: words in "C" order, each with its products' postings. */
interface Snapshot {
  words: string[];
  /** Postings of word i are starts[i] up to starts[i + 1]. */
  starts: Int32Array;
  slots: Int32Array;
  ranks: Float32Array;
  positions: BigInt64Array;
  facts: Facts[];
  slotOf: Map<number, number>;
}

/** A product read again since the snapshot: its facts and postings, or null when it left. */
interface Overlay {
  facts: Facts;
  postings: Posting[];
}

/** Rows read at a time while the index is read whole. */
const PAGE_ROWS = 50_000;
/**
 * Products laid over the snapshot before it is read whole again: every search also walks the
 * overlaid products' words, so the overlay stays small.
 */
const OVERLAY_LIMIT = 1_000;

/** Binary search: the first index whose word is not below `word`. */
function lowerBound(words: readonly string[], word: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string) < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface RawFacts {
  id: number;
  popularity: number;
  price: string;
  old_price: string | null;
  brand_id: number | null;
  color_id: number | null;
  category_id: number;
  value_ids: number[] | null;
}

const toFacts = (r: RawFacts): Facts => ({
  id: Number(r.id),
  popularity: Number(r.popularity),
  price: Number(r.price),
  oldPrice: r.old_price == null ? null : Number(r.old_price),
  brandId: r.brand_id == null ? null : Number(r.brand_id),
  colorId: r.color_id == null ? null : Number(r.color_id),
  categoryId: Number(r.category_id),
  valueIds: (r.value_ids ?? []).map(Number),
});

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The facts search keeps of active products: all of them, or those among `ids`. */
function readFacts(db: Executor, ids?: number[]): Promise<RawFacts[]> {
  const only = ids ? sql`and p.id = any(${`{${ids.join(',')}}`}::int[])` : sql``;
  return rowsOf<RawFacts>(
    db,
    sql`select p.id, p.popularity, p.price::text as price, p.old_price::text as old_price,
      p.brand_id, p.color_id, p.category_id,
      array(select v.value_id from product_attribute_values v
        where v.product_id = p.id order by 1) as value_ids
    from products p where p.is_active ${only}`,
  );
}

interface RawPosting {
  word: string;
  product_id: number;
  rank: number;
  positions: string;
}

async function readSnapshot(db: Executor): Promise<Snapshot> {
  const facts = (await readFacts(db)).map(toFacts);
  const slotOf = new Map<number, number>();
  facts.forEach((f, slot) => {
    slotOf.set(f.id, slot);
  });
  const words: string[] = [];
  const starts: number[] = [];
  let slots = new Int32Array(1 << 16);
  let ranks = new Float32Array(1 << 16);
  let positions = new BigInt64Array(1 << 16);
  let count = 0;
  let after: { word: string; id: number } | null = null;
  for (;;) {
    const from: SQL = after ? sql`where (word, product_id) > (${after.word}, ${after.id})` : sql``;
    const page: RawPosting[] = await rowsOf<RawPosting>(
      db,
      sql`select word, product_id, rank, positions::text as positions from search_postings ${from}
        order by word, product_id limit ${PAGE_ROWS}`,
    );
    for (const row of page) {
      const slot = slotOf.get(Number(row.product_id));
      if (slot === undefined) continue;
      if (words[words.length - 1] !== row.word) {
        words.push(row.word);
        starts.push(count);
      }
      if (count === slots.length) {
        const grow = <A extends Int32Array | Float32Array | BigInt64Array>(a: A, b: A): A => {
          b.set(a as never);
          return b;
        };
        slots = grow(slots, new Int32Array(count * 2));
        ranks = grow(ranks, new Float32Array(count * 2));
        positions = grow(positions, new BigInt64Array(count * 2));
      }
      slots[count] = slot;
      ranks[count] = Number(row.rank);
      positions[count] = BigInt(row.positions);
      count += 1;
    }
    const last: RawPosting | undefined = page[page.length - 1];
    if (!last || page.length < PAGE_ROWS) break;
    after = { word: last.word, id: Number(last.product_id) };
  }
  starts.push(count);
  return {
    words,
    starts: Int32Array.from(starts),
    slots: slots.slice(0, count),
    ranks: ranks.slice(0, count),
    positions: positions.slice(0, count),
    facts,
    slotOf,
  };
}

async function readProducts(db: Executor, ids: number[]): Promise<Map<number, Overlay | null>> {
  const list = `{${ids.join(',')}}`;
  const [factRows, postingRows] = await Promise.all([
    readFacts(db, ids),
    rowsOf<RawPosting>(
      db,
      sql`select word, product_id, rank, positions::text as positions from search_postings
        where product_id = any(${list}::int[])`,
    ),
  ]);
  const read = new Map<number, Overlay | null>(ids.map((id) => [id, null]));
  for (const r of factRows) read.set(Number(r.id), { facts: toFacts(r), postings: [] });
  for (const p of postingRows) {
    read.get(Number(p.product_id))?.postings.push({
      word: p.word,
      rank: Math.fround(Number(p.rank)),
      positions: BigInt(p.positions),
    });
  }
  return read;
}

/** What one match carries for ranking and sorting. */
interface Match {
  facts: Facts;
  tier: number;
  rank: number;
  discount: number;
}

/** Per-product sums of one query, kept while its postings are walked. */
interface Tally {
  facts: Facts;
  groups: number;
  typed: number;
  whole: boolean;
  /** Per group, the best rank among its postings. */
  best: number[];
  /** Per group, the positions of its whole typed words (several words only). */
  placed: bigint[] | null;
}

function passes(f: Facts, filters: SearchFilters, hidden: ReadonlySet<number>): boolean {
  if (hidden.has(f.categoryId)) return false;
  if (filters.priceFrom != null && f.price < filters.priceFrom) return false;
  if (filters.priceTo != null && f.price > filters.priceTo) return false;
  if (filters.brandIds?.length && (f.brandId == null || !filters.brandIds.includes(f.brandId)))
    return false;
  if (filters.colorIds?.length && (f.colorId == null || !filters.colorIds.includes(f.colorId)))
    return false;
  for (const group of filters.valueGroups ?? []) {
    if (!group.some((id) => f.valueIds.includes(id))) return false;
  }
  return true;
}

type Compare = (a: Match, b: Match) => number;

const byId: Compare = (a, b) => a.facts.id - b.facts.id;

/** The orders of `repository.ts`, over the same keys. */
const COMPARE: Record<SearchOrder, Compare> = {
  best: (a, b) =>
    a.tier - b.tier || b.rank - a.rank || b.facts.popularity - a.facts.popularity || byId(a, b),
  famous: (a, b) => b.facts.popularity - a.facts.popularity || byId(a, b),
  cheap: (a, b) => a.facts.price - b.facts.price || byId(a, b),
  expensive: (a, b) => b.facts.price - a.facts.price || byId(a, b),
  discount: (a, b) =>
    b.discount - a.discount || b.facts.popularity - a.facts.popularity || byId(a, b),
};

/** The first `k` of `items` in order, without sorting the rest (a bounded max-heap). */
function firstOf(items: Match[], k: number, compare: Compare): Match[] {
  if (k <= 0) return [];
  if (items.length <= k * 4) return items.sort(compare).slice(0, k);
  const heap: Match[] = [];
  const worse = (i: number, j: number) => compare(heap[i] as Match, heap[j] as Match) > 0;
  const swap = (i: number, j: number) => {
    const t = heap[i] as Match;
    heap[i] = heap[j] as Match;
    heap[j] = t;
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (compare(item, heap[0] as Match) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < k && worse(l, top)) top = l;
        if (r < k && worse(r, top)) top = r;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}

/** A single-precision sum, as PostgreSQL adds `real` ranks. */
const addReal = (a: number, b: number) => Math.fround(a + b);

export class SearchMemory {
  private snapshot: Snapshot | null = null;
  private readonly overlay = new Map<number, Overlay | null>();
  /** Products announced as changed and not yet read again. */
  private readonly pending = new Set<number>();
  /** Products being read again now; one announced again meanwhile is back in `pending`. */
  private readonly inFlight = new Set<number>();
  private reading: Promise<void> | null = null;
  /** Everything changed while the index was being read: read it again once that read ends. */
  private staleWhileReading = false;
  private refreshing: Promise<void> | null = null;
  /** Counts "everything changed": a product read before the last one is not laid over. */
  private generation = 0;
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly db: Executor;
  private readonly changes: CatalogueChanges;
  private readonly onError: (error: unknown) => void;

  constructor(db: Executor, changes: CatalogueChanges, onError: (error: unknown) => void) {
    this.db = db;
    this.changes = changes;
    this.onError = onError;
    this.unsubscribe = changes.subscribe((change) => this.heard(change));
    if (changes.live) this.readAll();
  }

  /** True when a search may be answered from memory now. */
  get ready(): boolean {
    return (
      this.changes.live &&
      this.snapshot !== null &&
      this.reading === null &&
      this.pending.size === 0 &&
      this.inFlight.size === 0
    );
  }

  /** Products the index holds when it may answer; 0 while search asks the database. */
  get products(): number {
    if (!this.ready || !this.snapshot) return 0;
    let count = this.snapshot.facts.length;
    for (const [id, product] of this.overlay) {
      const before = this.snapshot.slotOf.has(id);
      if (product && !before) count += 1;
      if (!product && before) count -= 1;
    }
    return count;
  }

  /** Settles once no read is under way (tests and the benchmark wait for it). */
  async settled(): Promise<void> {
    while (this.reading || this.refreshing) await (this.reading ?? this.refreshing);
  }

  /**
   * Settles once every change committed before the call is in memory: a mark sent on the
   * changes' channel after them is heard after them, then the reads they started are awaited.
   */
  async caughtUp(): Promise<void> {
    const mark = `s${Math.random().toString(36).slice(2)}`;
    const heard = new Promise<void>((resolve) => {
      const stop = this.changes.subscribe((change) => {
        if (change.all || change.tags.includes(mark)) {
          stop();
          resolve();
        }
      });
    });
    await this.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${mark})`);
    await heard;
    await this.settled();
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    this.snapshot = null;
  }

  private heard(change: CatalogueChange): void {
    if (this.closed) return;
    if (change.all) {
      this.generation += 1;
      this.snapshot = null;
      this.overlay.clear();
      this.pending.clear();
      if (this.reading) this.staleWhileReading = true;
      else if (this.changes.live) this.readAll();
      return;
    }
    let any = false;
    for (const tag of change.tags) {
      if (tag.startsWith('p')) {
        const id = Number(tag.slice(1));
        if (Number.isInteger(id)) {
          this.pending.add(id);
          any = true;
        }
      }
    }
    if (any && !this.reading) this.refresh();
  }

  private readAll(): void {
    this.staleWhileReading = false;
    const reading = (async () => {
      try {
        const snapshot = await readSnapshot(this.db);
        if (!this.closed && !this.staleWhileReading) {
          this.snapshot = snapshot;
          this.overlay.clear();
        }
      } catch (error) {
        this.onError(error);
      }
    })();
    this.reading = reading;
    void reading.then(() => {
      if (this.reading === reading) this.reading = null;
      if (this.closed) return;
      if (this.staleWhileReading || (!this.snapshot && this.changes.live)) {
        if (this.staleWhileReading) this.readAll();
        return;
      }
      if (this.pending.size > 0) this.refresh();
    });
  }

  /** Reads the announced products again, a batch at a time, and lays them over the snapshot. */
  private refresh(): void {
    if (this.refreshing) return;
    this.refreshing = (async () => {
      while (this.pending.size > 0 && !this.closed && this.snapshot) {
        const ids = [...this.pending].slice(0, 500);
        for (const id of ids) {
          this.pending.delete(id);
          this.inFlight.add(id);
        }
        const generation = this.generation;
        try {
          const read = await readProducts(this.db, ids);
          if (!this.snapshot || generation !== this.generation) break;
          for (const [id, product] of read) this.overlay.set(id, product);
        } catch (error) {
          this.onError(error);
          // the index can no longer be trusted for these products: read it all again
          this.snapshot = null;
          this.pending.clear();
          if (this.changes.live && !this.reading) this.readAll();
          break;
        }
      }
    })().finally(() => {
      this.inFlight.clear();
      this.refreshing = null;
      if (this.overlay.size > OVERLAY_LIMIT && !this.reading && this.changes.live) this.readAll();
      else if (this.pending.size > 0 && this.snapshot && !this.reading) this.refresh();
    });
  }

  /** The matches of `query` under `filters`, leaving out products of the `hidden` categories. */
  private matches(query: WordQuery, filters: SearchFilters, hidden: ReadonlySet<number>): Match[] {
    const snapshot = this.snapshot;
    if (!snapshot) throw new Error('the search index is not in memory');
    const { groups } = query;
    const last = groups.length - 1;
    const several = groups.length > 1;
    const tallies = new Map<number, Tally | null>();
    const tally = (facts: Facts): Tally | null => {
      let t = tallies.get(facts.id);
      if (t === undefined) {
        t = passes(facts, filters, hidden)
          ? {
              facts,
              groups: 0,
              typed: 0,
              whole: false,
              best: new Array<number>(groups.length).fill(Number.NaN),
              placed: several ? new Array<bigint>(groups.length).fill(0n) : null,
            }
          : null;
        tallies.set(facts.id, t);
      }
      return t;
    };
    const add = (
      t: Tally,
      g: number,
      typed: boolean,
      whole: boolean,
      rank: number,
      positions: bigint,
    ) => {
      t.groups |= 1 << g;
      if (typed) t.typed |= 1 << g;
      if (whole) {
        t.whole = true;
        if (t.placed) t.placed[g] = (t.placed[g] as bigint) | positions;
      }
      const best = t.best[g] as number;
      if (!(best >= rank)) t.best[g] = rank;
    };
    const overlaid = this.overlay;
    groups.forEach((spellings, g) => {
      spellings.forEach((spelling, s) => {
        const prefix = g === last;
        const from = lowerBound(snapshot.words, spelling);
        const to = prefix ? lowerBound(snapshot.words, `${spelling}{`) : from + 1;
        for (let w = from; w < to && w < snapshot.words.length; w++) {
          const word = snapshot.words[w] as string;
          if (!prefix && word !== spelling) break;
          const whole = s === 0 && word === spelling;
          for (let i = snapshot.starts[w] as number; i < (snapshot.starts[w + 1] as number); i++) {
            const facts = snapshot.facts[snapshot.slots[i] as number] as Facts;
            if (overlaid.has(facts.id)) continue;
            const t = tally(facts);
            if (t) {
              add(t, g, s === 0, whole, snapshot.ranks[i] as number, snapshot.positions[i] ?? 0n);
            }
          }
        }
        for (const product of overlaid.values()) {
          if (!product) continue;
          for (const p of product.postings) {
            const fits = prefix
              ? p.word >= spelling && p.word < `${spelling}{`
              : p.word === spelling;
            if (!fits) continue;
            const t = tally(product.facts);
            if (t) add(t, g, s === 0, s === 0 && p.word === spelling, p.rank, p.positions);
          }
        }
      });
    });
    const all = 2 ** groups.length - 1;
    const found: Match[] = [];
    for (const t of tallies.values()) {
      if (!t || t.groups !== all) continue;
      let phrase = t.whole;
      if (t.placed) {
        let joined = t.placed[0] as bigint;
        for (let g = 1; g < groups.length; g++) joined &= (t.placed[g] as bigint) >> BigInt(g);
        phrase = joined !== 0n;
      }
      let rank = 0;
      for (const best of t.best) rank = addReal(rank, best);
      const { price, oldPrice } = t.facts;
      found.push({
        facts: t.facts,
        tier: phrase ? 0 : t.typed === all ? 1 : 2,
        rank,
        discount: oldPrice != null && oldPrice > price ? (oldPrice - price) / oldPrice : 0,
      });
    }
    return found;
  }

  /** One page of the matches' ids in the given order, with their exact count. */
  page(
    query: WordQuery,
    filters: SearchFilters,
    order: SearchOrder,
    page: number,
    perPage: number,
  ): { ids: number[]; total: number } {
    const hidden = new Set(filters.hiddenCategoryIds ?? []);
    const found = this.matches(query, filters, hidden);
    const first = firstOf(found, page * perPage, COMPARE[order]);
    return {
      ids: first.slice((page - 1) * perPage).map((m) => m.facts.id),
      total: found.length,
    };
  }
}

const memories = new WeakMap<Executor, SearchMemory>();

/** Keeps the search index of `db` in memory while `changes` are heard; returns how to stop. */
export function keepSearchInMemory(
  db: Executor,
  changes: CatalogueChanges,
  onError: (error: unknown) => void,
): SearchMemory {
  memories.get(db)?.close();
  const memory = new SearchMemory(db, changes, onError);
  memories.set(db, memory);
  return memory;
}

export function stopSearchInMemory(db: Executor): void {
  memories.get(db)?.close();
  memories.delete(db);
}

/** The index kept for `db`, ready or not. */
export function keptSearchMemory(db: Executor): SearchMemory | undefined {
  return memories.get(db);
}

/** The index of `db` when it may answer now. */
export function searchMemoryOf(db: Executor): SearchMemory | undefined {
  const memory = memories.get(db);
  return memory?.ready ? memory : undefined;
}
