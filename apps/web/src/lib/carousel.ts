import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/** Embla's code, loaded once the first carousel is on screen: no page needs it to paint. */
let embla: Promise<typeof import('embla-carousel').default> | undefined;
const loadEmbla = () => {
  embla ??= import('embla-carousel').then((module) => module.default);
  return embla;
};

/**
 * A carousel on the element given to the returned ref, as embla-carousel-react's hook gives one,
 * but started after the page has rendered: until then the track shows its first slide as the
 * server drew it, and the carousel's code is not part of the page's first JavaScript.
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
    void loadEmbla().then((Embla) => {
      if (cancelled) return;
      instance = Embla(node, JSON.parse(settings) as EmblaOptionsType);
      setApi(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [node, settings]);

  return [setNode, api];
}
