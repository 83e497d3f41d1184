import type { Lang } from '@bozor/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  CACHE_TAGS,
  CATALOGUE_CHANNEL,
  type CatalogueChange,
  type CatalogueChanges,
  productOfTag,
} from '../../lib/catalogue-changes.ts';
import type { ProductSummaryRow } from '../catalogue/index.ts';
import { type FacetCounts, SearchIndex } from './index-arrays.ts';
import { readProducts } from './index-read.ts';
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

/**
 * Products laid over the index before it is read whole again: every search also walks the
 * overlaid products' words one by one, so they stay few.
 */
const OVERLAY_LIMIT = 1_000;
/** Products read again at a time. */
const BATCH = 500;

export class SearchMemory {
  private snapshot: SearchIndex | null = null;
  /** Products announced as changed and not yet read again. */
  private readonly pending = new Set<number>();
  /** Products being read again now; one announced again meanwhile is back in `pending`. */
  private readonly inFlight = new Set<number>();
  private reading: Promise<void> | null = null;
  /** Everything changed while the index was being read: read it again once that read ends. */
  private staleWhileReading = false;
  /** When the last whole read started and how long it took (ms). */
  private lastRead = { at: 0, took: 0 };
  /** A whole read put off until the last one is far enough behind. */
  private waiting: { timer: ReturnType<typeof setTimeout>; done: () => void } | null = null;
  private waited: Promise<void> | null = null;
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
    if (changes.live) this.readSoon();
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
    return this.ready && this.snapshot ? this.snapshot.products : 0;
  }

  /** Settles once no read is under way (tests and the benchmark wait for it). */
  async settled(): Promise<void> {
    while (this.waited || this.reading || this.refreshing) {
      await (this.waited ?? this.reading ?? this.refreshing);
    }
  }

  /**
   * Settles once every change committed before the call is in memory: a mark sent on the
   * changes' channel after them is heard after them, then the reads they started are awaited.
   */
  async caughtUp(): Promise<void> {
    const mark = CACHE_TAGS.mark(Math.random().toString(36).slice(2));
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
    if (this.waiting) {
      clearTimeout(this.waiting.timer);
      this.waiting.done();
      this.waiting = null;
      this.waited = null;
    }
  }

  private heard(change: CatalogueChange): void {
    if (this.closed) return;
    if (change.all) {
      this.generation += 1;
      this.snapshot = null;
      this.pending.clear();
      if (this.changes.live) this.readSoon();
      return;
    }
    let any = false;
    for (const tag of change.tags) {
      const id = productOfTag(tag);
      if (id !== null) {
        this.pending.add(id);
        any = true;
      }
    }
    if (any && !this.reading) this.refresh();
  }

  /**
   * Reads the index whole: at once, unless the last read started less than five of its own
   * durations ago. A run of "everything changed" (a spreadsheet import announces each batch so)
   * then costs a process at most a fifth of its time; search asks the database meanwhile.
   */
  private readSoon(): void {
    if (this.closed || this.waiting) return;
    if (this.reading) {
      this.staleWhileReading = true;
      return;
    }
    const wait = this.lastRead.at + 5 * this.lastRead.took - Date.now();
    if (wait <= 0) {
      this.readAll();
      return;
    }
    this.waited = new Promise<void>((done) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        this.waited = null;
        done();
        if (!this.closed && this.changes.live) this.readAll();
      }, wait);
      timer.unref();
      this.waiting = { timer, done };
    });
  }

  private readAll(): void {
    this.staleWhileReading = false;
    const started = Date.now();
    let failed = false;
    const reading = (async () => {
      try {
        const index = await SearchIndex.read(this.db, OVERLAY_LIMIT + BATCH);
        if (!this.closed && !this.staleWhileReading) this.snapshot = index;
      } catch (error) {
        failed = true;
        this.onError(error);
      }
    })();
    this.reading = reading;
    void reading.then(() => {
      // a failed read is tried again no sooner than a second later
      this.lastRead = { at: started, took: Math.max(Date.now() - started, failed ? 200 : 0) };
      if (this.reading === reading) this.reading = null;
      if (this.closed) return;
      if (this.staleWhileReading || (failed && this.changes.live)) {
        this.staleWhileReading = false;
        this.readSoon();
        return;
      }
      if (this.pending.size > 0 && this.snapshot) this.refresh();
    });
  }

  /** Reads the announced products again, a batch at a time, and lays them over the index. */
  private refresh(): void {
    if (this.refreshing) return;
    this.refreshing = (async () => {
      while (this.pending.size > 0 && !this.closed && this.snapshot) {
        const ids = [...this.pending].slice(0, BATCH);
        for (const id of ids) {
          this.pending.delete(id);
          this.inFlight.add(id);
        }
        const generation = this.generation;
        try {
          const read = await readProducts(this.db, ids);
          const index = this.snapshot;
          if (!index || generation !== this.generation) break;
          for (const [id, product] of read) {
            if (!index.lay(id, product)) {
              // no spare slot left for a new product: read everything again
              this.snapshot = null;
              break;
            }
          }
          index.unlinkReplaced();
        } catch (error) {
          this.onError(error);
          // the index can no longer be trusted for these products: read it all again
          this.snapshot = null;
          this.pending.clear();
          break;
        }
      }
    })().finally(() => {
      this.inFlight.clear();
      this.refreshing = null;
      if (this.closed || this.reading || !this.changes.live) return;
      if (!this.snapshot || this.snapshot.laidOver > OVERLAY_LIMIT) {
        this.pending.clear();
        this.readSoon();
      } else if (this.pending.size > 0) {
        this.refresh();
      }
    });
  }

  /** The filter panel's numbers over every match. */
  facets(query: WordQuery, hiddenCategoryIds: number[]): FacetCounts {
    if (!this.snapshot) throw new Error('the search index is not in memory');
    return this.snapshot.facets(query, hiddenCategoryIds);
  }

  /** One page of the matches' cards in the given order, with their exact count. */
  pageRows(
    query: WordQuery,
    filters: SearchFilters,
    order: SearchOrder,
    page: number,
    perPage: number,
  ): { rows: ProductSummaryRow[]; total: number } {
    if (!this.snapshot) throw new Error('the search index is not in memory');
    return this.snapshot.pageRows(query, filters, order, page, perPage);
  }

  /**
   * One page of the matches as their cards' answer text in `lang`, with their exact count: cards
   * written before with the same tags and tariff (`madeWith`) kept, the others written by `write`.
   */
  pageTexts(
    query: WordQuery,
    filters: SearchFilters,
    order: SearchOrder,
    page: { page: number; perPage: number; lang: Lang },
    madeWith: object,
    write: (rows: ProductSummaryRow[]) => string[],
  ): { cards: string[]; total: number } {
    const index = this.snapshot;
    if (!index) throw new Error('the search index is not in memory');
    const { slots, total } = index.pageSlots(query, filters, order, page.page, page.perPage);
    return { cards: index.cardTexts(slots, page.lang, madeWith, write), total };
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
