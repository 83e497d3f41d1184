import { useLayoutEffect, useRef, useState } from 'react';

/** Below this width a list is stacked cards rather than a table (Tailwind's `sm`). */
const NARROW_PX = 640;

/**
 * Whether the element is narrower than `sm`: measured on the element itself, not the window,
 * since the side navigation takes its share of a desk's width too.
 */
export function useNarrow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setNarrow(element.getBoundingClientRect().width < NARROW_PX);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, narrow] as const;
}
