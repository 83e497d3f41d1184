import { useSyncExternalStore } from 'react';

/** Page code being downloaded right now, for the progress bar. */
let pending = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export const pageLoads = {
  /** Counts `loading` as a page download until it settles. */
  track<T>(loading: Promise<T>): Promise<T> {
    pending += 1;
    notify();
    const done = () => {
      pending -= 1;
      notify();
    };
    loading.then(done, done);
    return loading;
  },
};

/** Whether some page's code is still downloading (a first visit to it). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
    () => false,
  );
}
