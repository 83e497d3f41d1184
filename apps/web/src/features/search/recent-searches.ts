import { useSyncExternalStore } from 'react';

export const RECENT_KEY = 'querySearch';
export const RECENT_LIMIT = 5;

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: string[] } = { raw: null, list: [] };

function read(): string[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(RECENT_KEY);
  } catch {
    return [];
  }
  if (raw === cache.raw) return cache.list;
  let list: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter((q): q is string => typeof q === 'string');
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

/**
 * SPEC §5: a query is added only when it is not there yet, newest first; when more than five
 * are kept the oldest goes.
 */
export function withRecent(list: string[], query: string): string[] {
  const q = query.trim();
  if (!q || list.includes(q)) return list;
  return [q, ...list].slice(0, RECENT_LIMIT);
}

export function rememberSearch(query: string): void {
  const next = withRecent(read(), query);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    return;
  }
  for (const listener of listeners) listener();
}

const NONE: string[] = [];

export function useRecentSearches(): string[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => NONE,
  );
}
