import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

/** The channel the catalogue's triggers announce changes on (migration 0013). */
export const CATALOGUE_CHANNEL = 'bozor_catalogue';

/**
 * The names of the tags a change carries: what the catalogue's triggers announce (migrations 0013
 * and 0028, through `bozor_announce`), what cached answers carry (plugins/cached-routes.ts), and
 * the product ids the search index reads again (modules/search/memory.ts). A trigger writes the
 * same letters in SQL (`'p' || id`); test/lib/catalogue-changes.test.ts reads every migration and
 * fails on a tag named there and not here.
 */
export const CACHE_TAGS = {
  /** Everything: a change the triggers cannot narrow down (a new or deleted product, a batch). */
  all: '*',
  /** Lists and panels across the catalogue: any product change but a stock count may move them. */
  acrossCatalogue: 'x',
  /** The lists of one category: its products' changes. */
  category: (id: number | string) => `c${id}`,
  /** A product as lists show it: its card (price, picture, availability, rating). */
  product: (id: number | string) => `p${id}`,
  /** A product's own page: its details and stock count. */
  details: (id: number | string) => `d${id}`,
  /** A mark a process sends itself to know it has heard every change before it (never stored). */
  mark: (token: string) => `s${token}`,
} as const;

/** The product a tag names (`p42` → 42), or null for any other tag. */
export function productOfTag(tag: string): number | null {
  if (!tag.startsWith('p')) return null;
  const id = Number(tag.slice(1));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** What changed: the cache tags it touched, or everything. */
export type CatalogueChange = { all: true } | { all: false; tags: string[] };

export interface CatalogueChanges {
  /**
   * True while changes are being heard. While the listening connection is lost a change could
   * go unheard, so nothing may be answered from memory then.
   */
  readonly live: boolean;
  /** Calls `fn` with every change, and with everything when listening starts again after a loss. */
  subscribe(fn: (change: CatalogueChange) => void): () => void;
  close(): Promise<void>;
}

export function parseChange(payload: string): CatalogueChange {
  const tags = payload.split(' ').filter(Boolean);
  return tags.length === 0 || tags.includes(CACHE_TAGS.all) ? { all: true } : { all: false, tags };
}

/**
 * Hears the catalogue's changes, which the database announces when their transactions commit,
 * whoever made them: checkout, a cancel, the seeder, an editor's SQL. Every API process listens
 * on its own, so each drops what it keeps from the old rows.
 */
export async function watchCatalogue(
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<CatalogueChanges> {
  const subscribers = new Set<(change: CatalogueChange) => void>();
  let live = false;
  let everLost = false;
  const publish = (change: CatalogueChange) => {
    for (const fn of subscribers) fn(change);
  };
  const stop = await database.listen(CATALOGUE_CHANNEL, {
    message: (payload) => publish(parseChange(payload)),
    listening: () => {
      live = true;
      if (everLost) log.info('hearing catalogue changes again');
      publish({ all: true });
    },
    lost: (error) => {
      if (live) log.warn({ err: error }, 'lost the connection announcing catalogue changes');
      live = false;
      everLost = true;
      publish({ all: true });
    },
  });
  return {
    get live() {
      return live;
    },
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    async close() {
      live = false;
      subscribers.clear();
      await stop();
    },
  };
}
