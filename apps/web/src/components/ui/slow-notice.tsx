import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react.tsx';

/** SPEC §9 "loading-slow 3 s": a wait longer than this is called slow. */
export const SLOW_LOADING_MS = 3_000;

/** Whether `waiting` has stayed true for `ms` in a row; false again as soon as it ends. */
export function useSlowLoading(waiting: boolean, ms = SLOW_LOADING_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!waiting) return;
    const timer = window.setTimeout(() => setSlow(true), ms);
    return () => window.clearTimeout(timer);
  }, [waiting, ms]);
  return waiting && slow;
}

/**
 * Tells the shopper that a wait is taking long (a slow mobile connection), above the phone's
 * bottom bar. The live region stays in the page, empty, so readers announce the text it gets.
 */
export function SlowNotice({ waiting }: { waiting: boolean }) {
  const { t } = useTranslation();
  const slow = useSlowLoading(waiting);
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-40 flex justify-center px-3 md:bottom-6"
    >
      {slow && (
        <p className="flex animate-toast-in items-center gap-2.5 rounded-full bg-ink px-4 py-2.5 text-sm text-white shadow-lg">
          <span
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin rounded-full border-2 border-white/30 border-t-white"
          />
          {t('states.slow')}
        </p>
      )}
    </div>
  );
}
