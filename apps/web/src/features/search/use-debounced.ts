import { useEffect, useState } from 'react';

/** SPEC §9: the dropdown asks the server one second after typing stops. */
export const SEARCH_DEBOUNCE_MS = 1_000;

export function useDebounced<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
