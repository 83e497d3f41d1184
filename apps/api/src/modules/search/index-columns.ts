/**
 * What search keeps of each product, in columns of typed arrays with a "slot" per product
 * (`SearchIndex`), and the small routines that find, grow and fill them.
 */

/** One product as read from the database. */
export interface ProductFacts {
  id: number;
  popularity: number;
  price: number;
  oldPrice: number | null;
  /** The average of its published reviews (0 without any). */
  rating: number;
  brandId: number | null;
  colorId: number | null;
  categoryId: number;
  valueIds: number[];
  /** The card's fields but the id, as JSON (`CardFields`). */
  card: string;
}

/** A word of a product's names with its rank weight and positions (bits 0–62), as stored. */
export interface WordPosting {
  word: string;
  rank: number;
  positions: bigint;
}

/** What search keeps per product slot, in columns. */
export interface Columns {
  ids: Int32Array;
  popularity: Int32Array;
  price: Float64Array;
  /** NaN when there is none. */
  oldPrice: Float64Array;
  rating: Float64Array;
  /** 0 when there is none (ids start at 1). */
  brand: Int32Array;
  color: Int32Array;
  category: Int32Array;
}

export function columns(size: number): Columns {
  return {
    ids: new Int32Array(size),
    popularity: new Int32Array(size),
    price: new Float64Array(size),
    oldPrice: new Float64Array(size),
    rating: new Float64Array(size),
    brand: new Int32Array(size),
    color: new Int32Array(size),
    category: new Int32Array(size),
  };
}

/** One product's facts into slot `slot` of the columns. */
export function writeFacts(c: Columns, slot: number, f: ProductFacts): void {
  c.ids[slot] = f.id;
  c.popularity[slot] = f.popularity;
  c.price[slot] = f.price;
  c.oldPrice[slot] = f.oldPrice ?? Number.NaN;
  c.rating[slot] = f.rating;
  c.brand[slot] = f.brandId ?? 0;
  c.color[slot] = f.colorId ?? 0;
  c.category[slot] = f.categoryId;
}

export function resized(from: Columns, size: number): Columns {
  const to = columns(size);
  for (const key of Object.keys(from) as (keyof Columns)[]) {
    (to[key] as Int32Array).set((from[key] as Int32Array).subarray(0, size));
  }
  return to;
}

/** The cards of the products read whole (`SearchIndex.cards`). */
export interface Cards {
  chunks: Buffer[];
  chunk: Uint16Array;
  starts: Int32Array;
  ends: Int32Array;
}

/** Binary search: the first index whose word is not below `word`. */
export function lowerBound(words: readonly string[], word: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string) < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `id` is in the ascending `ids`, or -1. */
export function indexOf(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = ids[mid] as number;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export function grown<A extends Int32Array | Float32Array | Uint32Array | Uint16Array>(
  from: A,
  to: A,
): A {
  to.set(from as never);
  return to;
}
