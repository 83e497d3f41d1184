import { useSyncExternalStore } from 'react';

export interface LocalStore<T> {
  get(): T;
  /**
   * What the server renders and the page shows while it hydrates: the value of a visitor with
   * nothing saved, so the first paint never shows another browser's counts.
   */
  getServerSnapshot(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** Drops the cached value so the next read parses localStorage again. */
  reload(): void;
}

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Whether localStorage keeps anything under `key` (it may be disabled: then it keeps nothing). */
function keepsAnything(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * A value kept in localStorage under `key`, readable from React with useSyncExternalStore.
 * `parse` turns whatever is stored (possibly garbage from an older version) into a valid value.
 * Other tabs' writes arrive through the `storage` event.
 */
export function createLocalStore<T>(
  key: string,
  parse: (raw: unknown) => T,
  empty: () => T = () => parse(undefined),
): LocalStore<T> {
  const listeners = new Set<() => void>();
  let cached: { value: T } | null = null;
  let serverSnapshot: { value: T } | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const store: LocalStore<T> = {
    get() {
      if (!cached) {
        // nothing kept: the server's value itself, so that hydrating a page finds nothing to
        // draw again (a new empty list would re-render every product card once more)
        const kept = keepsAnything(key);
        cached = { value: kept ? parse(readJson(key)) : store.getServerSnapshot() };
      }
      return cached.value;
    },
    getServerSnapshot() {
      if (!serverSnapshot) serverSnapshot = { value: empty() };
      return serverSnapshot.value;
    },
    set(next) {
      const value = typeof next === 'function' ? (next as (current: T) => T)(store.get()) : next;
      cached = { value };
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // storage full or disabled (private mode): keep the value for this page view only
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      cached = null;
      notify();
    },
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) store.reload();
    });
  }
  return store;
}

export function useLocalStore<T>(store: LocalStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.getServerSnapshot);
}
