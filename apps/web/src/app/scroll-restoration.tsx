import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'bozor-scroll';

/** Where each visited entry of the history was scrolled to, by its key. */
const positions = new Map<string, number>(
  (() => {
    try {
      return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    } catch {
      return [];
    }
  })(),
);

/**
 * A new page starts at the top; going back or forward returns to where that page was scrolled,
 * also after a reload of the tab.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
      } catch {
        // storage full or disabled: positions are kept for this page view only
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key]);

  useLayoutEffect(() => {
    if (hash) return;
    window.scrollTo(0, type === 'POP' ? (positions.get(key) ?? 0) : 0);
  }, [key, hash, type]);

  return null;
}
