/**
 * The search postings of every active product in flat typed arrays, the way search walks them:
 * words in "C" order, each with its products' postings side by side, and per product (a "slot")
 * what search filters and sorts by. 100,000 products take about 25 MB, almost all of it outside
 * the JavaScript heap. Products read again after the index was built are laid over it: a changed
 * product keeps its slot, whose old postings are skipped, a new one takes a spare slot.
 *
 * Each product's card (what a result shows: names, price, images, tags, whether in stock) is kept
 * too, as JSON text in buffers outside the heap (about 35 MB for 100,000 products), so a page
 * of results needs nothing from the database: reading two dozen rows there cost a search more
 * than ranking it, and most of the database's time under load.
 */

import type { Lang } from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import type { ProductSummaryRow } from '../catalogue/index.ts';
import { firstOf } from './first-of.ts';
import {
  type Cards,
  type Columns,
  indexOf,
  lowerBound,
  type ProductFacts,
  type WordPosting,
  writeFacts,
} from './index-columns.ts';
import { readWhole, splitPositions, type WholeIndex } from './index-read.ts';
import type { SearchFilters, SearchOrder, WordQuery } from './repository.ts';

/** A query has at most this many words (`searchTokens`). */
const MAX_GROUPS = 8;

/**
 * A product's card as kept: its stock as last read, exact in whether it is above zero (the
 * catalogue announces a product whose availability changes, not every sale), which is all a
 * card shows of it.
 */
type CardFields = Omit<ProductSummaryRow, 'id'>;

/**
 * Cards kept as answer text per language: the pages customers open again and again, not the
 * whole catalogue's. A card's text is about 430 characters, held in 450–900 bytes (a text with
 * Cyrillic in it takes two bytes a character): at most 10–20 MB a language.
 */
const TEXTS_KEPT = 20_000;

/** The filter panel's numbers: the price range and the matches per brand, colour and value. */
export interface FacetCounts {
  prices: { min: number; max: number };
  brands: Map<number, number>;
  colors: Map<number, number>;
  values: Map<number, number>;
}

/** Postings of products laid over the index, walked one by one (there are few). */
interface ExtraPosting {
  slot: number;
  word: string;
  rank: number;
  lo: number;
  hi: number;
}

export class SearchIndex {
  private readonly words: string[];
  private readonly starts: Int32Array;
  private readonly postingSlots: Int32Array;
  private readonly postingRanks: Float32Array;
  private readonly postingLo: Uint32Array;
  private readonly postingHi: Uint32Array;

  // per slot
  private readonly ids: Int32Array;
  private readonly popularity: Int32Array;
  private readonly price: Float64Array;
  private readonly oldPrice: Float64Array;
  private readonly rating: Float64Array;
  private readonly brand: Int32Array;
  private readonly color: Int32Array;
  private readonly category: Int32Array;
  /** The per-slot columns above, together, as `writeFacts` fills them. */
  private readonly columns: Columns;
  /** Products read whole, in id order: the first `baseCount` slots. */
  private readonly baseCount: number;
  private readonly valueStarts: Int32Array;
  private readonly values: Int32Array;
  /** 1: the product is on sale; 0: gone, or a spare slot. */
  private readonly alive: Uint8Array;
  /** 1: the snapshot's postings of the slot are old, its product was read again. */
  private readonly replaced: Uint8Array;
  /** Attribute values of products read again. */
  private readonly valuesOf = new Map<number, number[]>();
  /**
   * The cards of the products read whole, as UTF-8 JSON: a buffer per page of rows read, and per
   * slot its buffer and where its card starts and ends there.
   */
  private readonly cards: Cards;
  /** Cards of products read again. */
  private readonly cardsOf = new Map<number, string>();
  /**
   * Cards already written as an answer's JSON text, per language by slot, in the order they were
   * written; made with `textsMadeWith` (the tags and tariff), and at most `TEXTS_KEPT` a language.
   */
  private readonly texts = new Map<Lang, Map<number, string>>();
  private textsMadeWith: object | null = null;
  /** Slots of products new since the index was read whole. */
  private readonly spareOf = new Map<number, number>();
  private readonly extra: ExtraPosting[] = [];
  private nextSpare: number;
  private live = 0;

  // per query, reused: a slot's entries count only when its stamp is the query's
  /**
   * Per slot, side by side so that a posting touches one cache line: the stamp of the query that
   * last counted it, the word groups it matched (-1: left out by the filters), the groups it
   * matched as typed (bits 0–7) and as whole typed words (bits 8–15), and the first group's best
   * rank (read through `tallyRank`).
   */
  private readonly tally: Int32Array;
  private readonly tallyRank: Float32Array;
  private stamp = 0;
  /** Base slots read again since their postings were last unlinked. */
  private unlinked = true;
  /** Per word of the query after the first, each slot's best rank; for the longest query seen. */
  private readonly best: Float32Array[] = [new Float32Array(0)];
  /** Per word after the first, each slot's whole typed words' positions (several words only). */
  private readonly placedLo: Uint32Array[] = [];
  private readonly placedHi: Uint32Array[] = [];
  private readonly touched: Int32Array;
  /** Per best match, by its place at the front of `touched` (read in turn, not by slot): */
  private readonly tier: Uint8Array;
  private readonly rank: Float32Array;
  /**
   * its tier and rank in one number, lower first: a match whose key is above another's sorts
   * after it, so most matches are passed over without a full comparison.
   */
  private readonly key: Float64Array;
  /** Per order but the best matches', the products read whole in it (`orderOf`). */
  private readonly orders = new Map<
    Exclude<SearchOrder, 'best'>,
    { list: Int32Array; places: Int32Array }
  >();

  private constructor(
    words: string[],
    starts: Int32Array,
    postings: WholeIndex['postings'],
    base: WholeIndex['base'],
  ) {
    this.words = words;
    this.starts = starts;
    this.postingSlots = postings.slots;
    this.postingRanks = postings.ranks;
    this.postingLo = postings.lo;
    this.postingHi = postings.hi;
    const { columns: c, count } = base;
    const capacity = c.ids.length;
    this.columns = c;
    this.ids = c.ids;
    this.popularity = c.popularity;
    this.price = c.price;
    this.oldPrice = c.oldPrice;
    this.rating = c.rating;
    this.brand = c.brand;
    this.color = c.color;
    this.category = c.category;
    this.baseCount = count;
    this.valueStarts = base.valueStarts;
    this.values = base.values;
    this.cards = base.cards;
    this.alive = new Uint8Array(capacity);
    this.alive.fill(1, 0, count);
    this.replaced = new Uint8Array(capacity);
    this.nextSpare = count;
    this.live = count;
    this.tally = new Int32Array(capacity * 4);
    this.tallyRank = new Float32Array(this.tally.buffer);
    this.touched = new Int32Array(capacity);
    this.tier = new Uint8Array(capacity);
    this.rank = new Float32Array(capacity);
    this.key = new Float64Array(capacity);
  }

  /** Reads every active product and its postings (`readWhole`). */
  static async read(db: Executor, spare: number): Promise<SearchIndex> {
    const whole = await readWhole(db, spare);
    return new SearchIndex(whole.words, whole.starts, whole.postings, whole.base);
  }

  /** Active products the index holds. */
  get products(): number {
    return this.live;
  }

  /** Products read again since the index was read whole. */
  get laidOver(): number {
    return this.valuesOf.size;
  }

  private put(slot: number, f: ProductFacts): void {
    writeFacts(this.columns, slot, f);
    this.cardsOf.set(slot, f.card);
    this.alive[slot] = 1;
  }

  /** The card of the product on sale in `slot`. */
  private cardOf(slot: number): ProductSummaryRow {
    const text =
      slot < this.baseCount && this.replaced[slot] === 0
        ? (this.cards.chunks[this.cards.chunk[slot] as number] as Buffer).toString(
            'utf8',
            this.cards.starts[slot] as number,
            this.cards.ends[slot] as number,
          )
        : (this.cardsOf.get(slot) as string);
    const row = JSON.parse(text) as CardFields & { id: number };
    row.id = this.ids[slot] as number;
    return row;
  }

  /**
   * Lays a product read again over the index (null: it is gone or hidden). False when no spare
   * slot is left for a new product: the index must then be read whole again.
   */
  lay(id: number, product: { facts: ProductFacts; postings: WordPosting[] } | null): boolean {
    let slot: number | undefined = indexOf(this.ids.subarray(0, this.baseCount), id);
    if (slot < 0) slot = this.spareOf.get(id);
    if (slot === undefined) {
      if (!product) return true;
      if (this.nextSpare >= this.ids.length) return false;
      slot = this.nextSpare;
      this.nextSpare += 1;
      this.spareOf.set(id, slot);
    }
    const at = slot;
    this.live += (product ? 1 : 0) - (this.alive[at] as number);
    if (at < this.baseCount && this.replaced[at] === 0) this.unlinked = false;
    this.replaced[at] = 1;
    this.alive[at] = 0;
    for (let i = this.extra.length - 1; i >= 0; i--) {
      if ((this.extra[i] as ExtraPosting).slot === at) this.extra.splice(i, 1);
    }
    this.valuesOf.set(at, product?.facts.valueIds ?? []);
    // a gone product's card is not shown again: its slot is no longer alive
    this.cardsOf.delete(at);
    for (const kept of this.texts.values()) kept.delete(at);
    if (product) {
      this.put(at, product.facts);
      for (const p of product.postings) {
        const [lo, hi] = splitPositions(String(p.positions));
        this.extra.push({ slot: at, word: p.word, rank: Math.fround(p.rank), lo, hi });
      }
    }
    return true;
  }

  /**
   * Unlinks the snapshot's postings of the products read again since the last call (one pass over
   * the postings), so a search skips them without looking them up.
   */
  unlinkReplaced(): void {
    if (this.unlinked) return;
    const slots = this.postingSlots;
    const replaced = this.replaced;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as number;
      if (slot >= 0 && replaced[slot] === 1) slots[i] = -1;
    }
    this.unlinked = true;
  }

  private valuesHave(slot: number, id: number): boolean {
    const own = this.valuesOf.get(slot);
    if (own) return own.includes(id);
    for (
      let i = this.valueStarts[slot] as number;
      i < (this.valueStarts[slot + 1] as number);
      i++
    ) {
      if (this.values[i] === id) return true;
    }
    return false;
  }

  private admits(slot: number, filters: SearchFilters, hidden: ReadonlySet<number>): boolean {
    if (hidden.size > 0 && hidden.has(this.category[slot] as number)) return false;
    const price = this.price[slot] as number;
    if (filters.priceFrom != null && price < filters.priceFrom) return false;
    if (filters.priceTo != null && price > filters.priceTo) return false;
    if (filters.ratingFrom != null && (this.rating[slot] as number) < filters.ratingFrom) {
      return false;
    }
    if (filters.brandIds?.length && !filters.brandIds.includes(this.brand[slot] as number))
      return false;
    if (filters.colorIds?.length && !filters.colorIds.includes(this.color[slot] as number))
      return false;
    for (const group of filters.valueGroups ?? []) {
      if (!group.some((id) => this.valuesHave(slot, id))) return false;
    }
    return true;
  }

  /**
   * The matches as `repository.ts` finds them: every word (one of its spellings) a word of the
   * names, the last a word's start; tier 0 a phrase of whole typed words, 1 every word as typed,
   * 2 the rest; rank the sum of each word's best posting. Returns how many matches it left at
   * the front of `touched`; `ranked`, each with its `tier`, `rank` and sort `key` for the best
   * matches first.
   */
  private match(
    query: WordQuery,
    filters: SearchFilters,
    hidden: ReadonlySet<number>,
    ranked: boolean,
  ): number {
    const { groups } = query;
    if (groups.length > MAX_GROUPS) throw new Error(`a query has at most ${MAX_GROUPS} words`);
    this.unlinkReplaced();
    this.stamp += 1;
    if (this.stamp === 0x7fffffff) {
      this.tally.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const several = groups.length > 1;
    const capacity = this.ids.length;
    while (this.best.length < groups.length) this.best.push(new Float32Array(capacity));
    if (several) {
      while (this.placedLo.length < groups.length) {
        this.placedLo.push(new Uint32Array(capacity));
        this.placedHi.push(new Uint32Array(capacity));
      }
    }
    const best = this.best;
    const placedLo = this.placedLo;
    const placedHi = this.placedHi;
    const last = groups.length - 1;
    // the hot loop reads locals, not fields
    const tally = this.tally;
    const tallyRank = this.tallyRank;
    const touchedSlots = this.touched;
    const filtered =
      hidden.size > 0 ||
      filters.priceFrom != null ||
      filters.priceTo != null ||
      filters.ratingFrom != null ||
      Boolean(filters.brandIds?.length) ||
      Boolean(filters.colorIds?.length) ||
      Boolean(filters.valueGroups?.length);
    let touched = 0;
    /** Counts one posting of group `g` (bit `bit`, best ranks `ranks`) for `slot`. */
    const count = (
      slot: number,
      g: number,
      bit: number,
      ranks: Float32Array,
      typed: boolean,
      whole: boolean,
      rank: number,
      lo: number,
      hi: number,
    ) => {
      const at = slot * 4;
      if (tally[at] !== stamp) {
        tally[at] = stamp;
        // a gone product's postings are unlinked, so a posting's product is on sale
        const admitted = !filtered || this.admits(slot, filters, hidden);
        tally[at + 1] = admitted ? 0 : -1;
        tally[at + 2] = 0;
        tally[at + 3] = 0;
        if (admitted) {
          touchedSlots[touched] = slot;
          touched += 1;
        }
      }
      const seen = tally[at + 1] as number;
      if (seen < 0) return;
      if ((seen & bit) === 0) {
        tally[at + 1] = seen | bit;
        if (g === 0) tallyRank[at + 3] = rank;
        else ranks[slot] = rank;
      } else if (g === 0) {
        if (rank > (tallyRank[at + 3] as number)) tallyRank[at + 3] = rank;
      } else if (rank > (ranks[slot] as number)) {
        ranks[slot] = rank;
      }
      if (typed) tally[at + 2] = (tally[at + 2] as number) | bit;
      if (whole) {
        if (several) {
          const los = placedLo[g] as Uint32Array;
          const his = placedHi[g] as Uint32Array;
          if (((tally[at + 2] as number) & (bit << 8)) === 0) {
            los[slot] = lo;
            his[slot] = hi;
          } else {
            los[slot] = (los[slot] as number) | lo;
            his[slot] = (his[slot] as number) | hi;
          }
        }
        tally[at + 2] = (tally[at + 2] as number) | (bit << 8);
      }
    };
    /**
     * One word and no ranking (a list's own sort, the filter panel): a product touched is a match
     * when the filters admit it, counted once; its ranks and marks are never read.
     */
    const touch = (slot: number) => {
      const at = slot * 4;
      if (tally[at] === stamp) return;
      tally[at] = stamp;
      if (!filtered || this.admits(slot, filters, hidden)) {
        touchedSlots[touched] = slot;
        touched += 1;
      }
    };
    const plain = !several && !ranked;
    const words = this.words;
    const starts = this.starts;
    const postingSlots = this.postingSlots;
    const postingRanks = this.postingRanks;
    const postingLo = this.postingLo;
    const postingHi = this.postingHi;
    for (let g = 0; g < groups.length; g++) {
      const spellings = groups[g] as string[];
      const bit = 1 << g;
      const ranks = best[g] as Float32Array;
      for (let s = 0; s < spellings.length; s++) {
        const spelling = spellings[s] as string;
        const prefix = g === last;
        const typed = s === 0;
        const end = `${spelling}{`;
        const from = lowerBound(words, spelling);
        const to = prefix ? lowerBound(words, end) : from + 1;
        for (let w = from; w < to && w < words.length; w++) {
          const word = words[w] as string;
          if (!prefix && word !== spelling) break;
          const whole = typed && word === spelling;
          const stop = starts[w + 1] as number;
          for (let i = starts[w] as number; i < stop; i++) {
            const slot = postingSlots[i] as number;
            // a product read again since: its postings are among the extra ones
            if (slot < 0) continue;
            if (plain) {
              touch(slot);
              continue;
            }
            count(
              slot,
              g,
              bit,
              ranks,
              typed,
              whole,
              postingRanks[i] as number,
              postingLo[i] as number,
              postingHi[i] as number,
            );
          }
        }
        for (const p of this.extra) {
          const fits = prefix ? p.word >= spelling && p.word < end : p.word === spelling;
          if (fits && plain) touch(p.slot);
          else if (fits) {
            count(p.slot, g, bit, ranks, typed, typed && p.word === spelling, p.rank, p.lo, p.hi);
          }
        }
      }
    }
    // one word: every product it touched and the filters admitted matches
    if (plain) return touched;
    // keep the matches at the front of `touched`, with their sort keys
    const all = 2 ** groups.length - 1;
    const key = this.key;
    let matched = 0;
    for (let t = 0; t < touched; t++) {
      const slot = touchedSlots[t] as number;
      const at = slot * 4;
      if (tally[at + 1] !== all) continue;
      touchedSlots[matched] = slot;
      const m = matched;
      matched += 1;
      if (!ranked) continue;
      const marks = tally[at + 2] as number;
      const whole = (marks >> 8) & 0xff;
      let phrase: boolean;
      if (!several) {
        phrase = whole !== 0;
      } else if (whole !== all) {
        phrase = false;
      } else {
        let lo = (placedLo[0] as Uint32Array)[slot] as number;
        let hi = (placedHi[0] as Uint32Array)[slot] as number;
        for (let g = 1; g < groups.length; g++) {
          const glo = (placedLo[g] as Uint32Array)[slot] as number;
          const ghi = (placedHi[g] as Uint32Array)[slot] as number;
          lo &= ((glo >>> g) | (ghi << (32 - g))) >>> 0;
          hi &= ghi >>> g;
        }
        phrase = (lo | hi) !== 0;
      }
      let rank = Math.fround(0 + (tallyRank[at + 3] as number));
      for (let g = 1; g < groups.length; g++) {
        rank = Math.fround(rank + ((best[g] as Float32Array)[slot] as number));
      }
      const tier = phrase ? 0 : (marks & 0xff) === all ? 1 : 2;
      this.tier[m] = tier;
      this.rank[m] = rank;
      // rounded, but never out of order: a higher key is a higher tier or a lower rank
      key[m] = tier * 1e9 - rank;
    }
    return matched;
  }

  /** The first sort key of `slot` in an order other than the best matches', exact. */
  private keyOf(order: Exclude<SearchOrder, 'best'>, slot: number): number {
    switch (order) {
      case 'famous':
        return -(this.popularity[slot] as number);
      case 'cheap':
        return this.price[slot] as number;
      case 'expensive':
        return -(this.price[slot] as number);
      case 'discount': {
        const price = this.price[slot] as number;
        const old = this.oldPrice[slot] as number;
        return old > price ? -(old - price) / old : 0;
      }
      case 'rating':
        return -(this.rating[slot] as number);
    }
  }

  /** The orders of `repository.ts` but the best matches', over slots, keyed by `keyOf`. */
  private compareSlots(order: Exclude<SearchOrder, 'best'>): (a: number, b: number) => number {
    const ties = this.ties(order);
    return (a, b) => this.keyOf(order, a) - this.keyOf(order, b) || ties(a, b);
  }

  /** How two slots whose first keys are equal are ordered: popularity, then id. */
  private ties(order: SearchOrder): (a: number, b: number) => number {
    const { ids, popularity } = this;
    const id = (a: number, b: number) => (ids[a] as number) - (ids[b] as number);
    if (order === 'best' || order === 'discount' || order === 'rating') {
      return (a, b) => (popularity[b] as number) - (popularity[a] as number) || id(a, b);
    }
    return id;
  }

  /**
   * What the filter panel counts over every match (no filter but the hidden categories): the
   * price range, and the matches per brand, colour and attribute value.
   */
  facets(query: WordQuery, hiddenCategoryIds: number[]): FacetCounts {
    const total = this.match(query, {}, new Set(hiddenCategoryIds), false);
    const brands = new Map<number, number>();
    const colors = new Map<number, number>();
    const values = new Map<number, number>();
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    const count = (map: Map<number, number>, id: number) => map.set(id, (map.get(id) ?? 0) + 1);
    for (let t = 0; t < total; t++) {
      const slot = this.touched[t] as number;
      const price = this.price[slot] as number;
      if (price < min) min = price;
      if (price > max) max = price;
      if (this.brand[slot]) count(brands, this.brand[slot] as number);
      if (this.color[slot]) count(colors, this.color[slot] as number);
      const own = this.valuesOf.get(slot);
      if (own) {
        for (const id of own) count(values, id);
      } else {
        const end = this.valueStarts[slot + 1] as number;
        for (let i = this.valueStarts[slot] as number; i < end; i++) {
          count(values, this.values[i] as number);
        }
      }
    }
    return {
      prices: total > 0 ? { min, max } : { min: 0, max: 0 },
      brands,
      colors,
      values,
    };
  }

  /** One page of the matches' cards in the given order, with their exact count. */
  pageRows(
    query: WordQuery,
    filters: SearchFilters,
    order: SearchOrder,
    page: number,
    perPage: number,
  ): { rows: ProductSummaryRow[]; total: number } {
    const { slots, total } = this.pageSlots(query, filters, order, page, perPage);
    return { rows: slots.map((slot) => this.cardOf(slot)), total };
  }

  /** One page of the matches in the given order, as slots, with their exact count. */
  pageSlots(
    query: WordQuery,
    filters: SearchFilters,
    order: SearchOrder,
    page: number,
    perPage: number,
  ): { slots: number[]; total: number } {
    const hidden = new Set(filters.hiddenCategoryIds ?? []);
    const wanted = page * perPage;
    let first: number[];
    let total: number;
    if (order === 'best') {
      total = this.match(query, filters, hidden, true);
      first = this.firstBest(total, wanted);
    } else {
      total = this.match(query, filters, hidden, false);
      first = this.firstInOrder(order, wanted, total);
    }
    return { slots: first.slice((page - 1) * perPage), total };
  }

  /**
   * The cards of `slots` as the answer's JSON text in `lang`: those written before with the same
   * tags and tariff (`madeWith`, compared as the same object) are kept, the others written by
   * `write` from their rows. A card's text is its row's, so it is kept until its product is read
   * again; the oldest go first once a language keeps `TEXTS_KEPT`.
   */
  cardTexts(
    slots: readonly number[],
    lang: Lang,
    madeWith: object,
    write: (rows: ProductSummaryRow[]) => string[],
  ): string[] {
    if (this.textsMadeWith !== madeWith) {
      this.texts.clear();
      this.textsMadeWith = madeWith;
    }
    let kept = this.texts.get(lang);
    if (!kept) {
      kept = new Map();
      this.texts.set(lang, kept);
    }
    const texts: (string | undefined)[] = slots.map((slot) => kept.get(slot));
    const missing = slots.filter((_, i) => texts[i] === undefined);
    if (missing.length === 0) return texts as string[];
    const written = write(missing.map((slot) => this.cardOf(slot)));
    let next = 0;
    for (let i = 0; i < slots.length; i++) {
      if (texts[i] !== undefined) continue;
      const text = written[next] as string;
      next += 1;
      texts[i] = text;
      kept.set(slots[i] as number, text);
    }
    for (const oldest of kept.keys()) {
      if (kept.size <= TEXTS_KEPT) break;
      kept.delete(oldest);
    }
    return texts as string[];
  }

  /**
   * The first `wanted` of the last `match`'s `total` matches in `order`: a product read whole by
   * its place in the order's list (a number, compared without reading its facts), one read again
   * since by its facts, the two then merged.
   */
  private firstInOrder(
    order: Exclude<SearchOrder, 'best'>,
    wanted: number,
    total: number,
  ): number[] {
    const { list, places } = this.orderOf(order);
    const touched = this.touched;
    const replaced = this.replaced;
    // the `wanted` lowest places so far, the highest on top
    const heap = new Int32Array(wanted);
    let size = 0;
    const laid: number[] = [];
    for (let t = 0; t < total; t++) {
      const slot = touched[t] as number;
      if (replaced[slot] === 1) {
        laid.push(slot);
        continue;
      }
      const place = places[slot] as number;
      if (size < wanted) {
        let i = size;
        size += 1;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if ((heap[parent] as number) >= place) break;
          heap[i] = heap[parent] as number;
          i = parent;
        }
        heap[i] = place;
      } else if (place < (heap[0] as number)) {
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= size) break;
          const r = l + 1;
          const top = r < size && (heap[r] as number) > (heap[l] as number) ? r : l;
          if ((heap[top] as number) <= place) break;
          heap[i] = heap[top] as number;
          i = top;
        }
        heap[i] = place;
      }
    }
    const found = Array.from(heap.subarray(0, size))
      .sort((a, b) => a - b)
      .map((place) => list[place] as number);
    if (laid.length === 0) return found;
    const compare = this.compareSlots(order);
    laid.sort(compare);
    const first: number[] = [];
    let a = 0;
    let b = 0;
    while (first.length < wanted && (a < found.length || b < laid.length)) {
      const takeLaid =
        a >= found.length ||
        (b < laid.length && compare(laid[b] as number, found[a] as number) < 0);
      if (takeLaid) first.push(laid[b++] as number);
      else first.push(found[a++] as number);
    }
    return first;
  }

  /** The slots of the first `wanted` of the last `match`'s `total` best matches (ranked). */
  private firstBest(total: number, wanted: number): number[] {
    const { key, tier, rank, touched } = this;
    const ties = this.ties('best');
    const compare = (i: number, j: number) =>
      (tier[i] as number) - (tier[j] as number) ||
      (rank[j] as number) - (rank[i] as number) ||
      ties(touched[i] as number, touched[j] as number);
    return firstOf(total, wanted, compare, key).map((i) => touched[i] as number);
  }

  /**
   * The products read whole in `order` (its `list`) and each one's place in it (`places`, by
   * slot), made on the first search in that order: a slot laid over since keeps its old place,
   * which `firstInOrder` does not read.
   */
  private orderOf(order: Exclude<SearchOrder, 'best'>): { list: Int32Array; places: Int32Array } {
    let made = this.orders.get(order);
    if (!made) {
      const key = new Float64Array(this.baseCount);
      for (let slot = 0; slot < this.baseCount; slot++) key[slot] = this.keyOf(order, slot);
      const ties = this.ties(order);
      const list = new Int32Array(this.baseCount);
      for (let slot = 0; slot < this.baseCount; slot++) list[slot] = slot;
      list.sort((a, b) => (key[a] as number) - (key[b] as number) || ties(a, b));
      const places = new Int32Array(this.baseCount);
      for (let i = 0; i < list.length; i++) places[list[i] as number] = i;
      made = { list, places };
      this.orders.set(order, made);
    }
    return made;
  }
}
