import { useSyncExternalStore } from 'react';

export interface Flag {
  set(next: boolean): void;
  toggle(): void;
  /** The current value, re-rendering the component when it changes. */
  use(): boolean;
}

/** A page-wide on/off value (a panel or a modal open) that any component can set or read. */
export function createFlag(initial = false): Flag {
  let value = initial;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (value === next) return;
    value = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    set,
    toggle: () => set(!value),
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => initial,
      ),
  };
}
