import { useSyncExternalStore } from 'react';

/** Tailwind's `md`: from this width up the back office is laid out for a desk. */
const DESK = '(min-width: 48rem)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DESK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isDesk = () => typeof window.matchMedia !== 'function' || window.matchMedia(DESK).matches;

/**
 * Whether the screen is a phone's, narrower than `md`: the navigation is a drawer there and
 * lists are stacked cards. A browser that cannot tell is taken for a desk.
 */
export function useNarrowScreen(): boolean {
  return !useSyncExternalStore(subscribe, isDesk, () => true);
}
