import { type RefCallback, useCallback, useEffect, useRef, useState } from 'react';

/**
 * What `public/start.js` keeps on `window.bozorEarly`: the taps on server-drawn buttons marked
 * `data-early-action` that came before React took those buttons over (a tap per entry), and the
 * buttons React has taken over, whose taps it lets through.
 */
export interface EarlyTaps {
  taps: Element[];
  live: WeakSet<Element>;
}

declare global {
  interface Window {
    bozorEarly?: EarlyTaps;
  }
}

/** The early taps of this page; start.js made them, or (tests, the dev server) nothing did. */
export function earlyTaps(): EarlyTaps | undefined {
  if (typeof window === 'undefined') return undefined;
  window.bozorEarly ??= { taps: [], live: new WeakSet() };
  return window.bozorEarly;
}

/**
 * Makes a button answer the taps it got before the storefront took it over: on a slow phone the
 * server's page is shown seconds before its code runs, and a part of a page whose code is still
 * loading (the home page's product cards) drops a click instead of replaying it. start.js keeps
 * such taps (and shows the button as busy); once this button's component has hydrated, each kept
 * tap runs `action` once — once in all when `each` is false (adding to the basket, marking a
 * favourite: a second tap adds nothing) — with the values of a render after the hydration, where
 * the browser's own basket, wish list and session have replaced the server's empty ones. A button
 * nobody tapped early costs no render of its own.
 *
 * Returns the props for the button: its ref and `data-early-action`. A tap on a button React has
 * taken over is React's alone, so it never counts twice.
 */
export function useEarlyAction(
  action: () => void,
  each = false,
): { ref: RefCallback<HTMLElement>; 'data-early-action': 'each' | 'once' } {
  const latest = useRef(action);
  latest.current = action;
  const claimed = useRef(0);
  const [due, setDue] = useState(0);

  const ref = useCallback((node: HTMLElement | null) => {
    const early = node && earlyTaps();
    if (!node || !early) return;
    // committed: React answers this button's taps from now on, and takes over the kept ones
    early.live.add(node);
    const kept = early.taps.filter((tapped) => tapped === node).length;
    if (kept === 0) return;
    early.taps = early.taps.filter((tapped) => tapped !== node);
    node.removeAttribute('data-early-pending');
    claimed.current += kept;
  }, []);

  // After the commit that claimed taps, with the re-renders the hydration's own effects ask for
  // (the stores read from the browser, not the server's empty values): the taps run in the render
  // after those, where every value is the browser's.
  useEffect(() => {
    if (claimed.current === 0) return;
    const count = claimed.current;
    claimed.current = 0;
    setDue((before) => before + count);
  });
  useEffect(() => {
    if (due === 0) return;
    setDue(0);
    for (let i = 0; i < (each ? due : 1); i++) latest.current();
  }, [due, each]);

  return { ref, 'data-early-action': each ? 'each' : 'once' };
}
