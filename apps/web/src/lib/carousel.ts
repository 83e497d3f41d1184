import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/** Embla's code, loaded once the first carousel is on screen: no page needs it to paint. */
let embla: Promise<typeof import('embla-carousel').default> | undefined;
const loadEmbla = () => {
  embla ??= import('embla-carousel').then((module) => module.default);
  return embla;
};

/** How near the screen a carousel starts: about a row of product cards ahead of the scroll. */
const NEAR = '300px 0px';

/**
 * Carousels waiting to start, each in a task of its own: starting one measures the page, which
 * takes a phone tens of milliseconds, and the cards that come near the screen together would
 * otherwise start in one long task that holds back a tap.
 */
const waiting: (() => void)[] = [];

function startInTurn(start: () => void): void {
  waiting.push(start);
  if (waiting.length === 1) setTimeout(startNext, 0);
}

function startNext(): void {
  try {
    waiting[0]?.();
  } finally {
    waiting.shift();
    if (waiting.length > 0) setTimeout(startNext, 0);
  }
}

/**
 * A carousel on the element given to the returned ref, as embla-carousel-react's hook gives one,
 * but started once the element comes within a row or so of the screen: until then the track
 * shows its first slide as the server drew it, and neither the carousel's code, nor its
 * listeners, nor its other pictures cost anything — a list of forty cards starts the few the
 * shopper sees, not forty at once after the first paint, and those one after the other.
 */
export function useCarousel(
  options: EmblaOptionsType = {},
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const settings = JSON.stringify(options);

  useEffect(() => {
    if (!node) return;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        void loadEmbla().then((Embla) =>
          startInTurn(() => {
            if (cancelled) return;
            instance = Embla(node, JSON.parse(settings) as EmblaOptionsType);
            setApi(instance);
          }),
        );
      },
      { rootMargin: NEAR },
    );
    near.observe(node);
    return () => {
      cancelled = true;
      near.disconnect();
      instance?.destroy();
      setApi(undefined);
    };
  }, [node, settings]);

  return [setNode, api];
}
