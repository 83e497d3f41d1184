import type { Executor } from '../../db/client.ts';
import type { CatalogueChanges } from '../../lib/catalogue-changes.ts';

/**
 * What every catalogue list reads and an editor rarely changes: the category tree and the
 * tariffs. A process that hears the catalogue's changes keeps them in memory; any change to their
 * tables announces "everything", which forgets them, and while the changes are not heard they are
 * read from the database each time. Only the database itself remembers, never a transaction,
 * which may see its own uncommitted rows.
 */
interface Memory {
  changes: CatalogueChanges;
  values: Map<string, Promise<unknown>>;
}

const memories = new WeakMap<Executor, Memory>();

/** Remembers reference data read through `db` while `changes` are heard; returns how to stop. */
export function rememberReferenceData(db: Executor, changes: CatalogueChanges): () => void {
  const memory: Memory = { changes, values: new Map() };
  memories.set(db, memory);
  const unsubscribe = changes.subscribe((change) => {
    if (change.all) memory.values.clear();
  });
  return () => {
    unsubscribe();
    if (memories.get(db) === memory) memories.delete(db);
  };
}

/** `load()` once per change of the catalogue when `db` remembers; every time otherwise. */
export function remembered<T>(db: Executor, key: string, load: () => PromiseLike<T>): Promise<T> {
  const memory = memories.get(db);
  if (!memory?.changes.live) return Promise.resolve(load());
  const known = memory.values.get(key) as Promise<T> | undefined;
  if (known) return known;
  // a plain promise: a query builder runs its query again each time it is awaited
  const loading = (async () => load())();
  memory.values.set(key, loading);
  loading.catch(() => {
    if (memory.values.get(key) === loading) memory.values.delete(key);
  });
  return loading;
}
