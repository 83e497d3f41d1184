import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

/** The channel the catalogue's triggers announce changes on (migration 0013). */
export const CATALOGUE_CHANNEL = 'bozor_catalogue';

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
  return tags.length === 0 || tags.includes('*') ? { all: true } : { all: false, tags };
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
