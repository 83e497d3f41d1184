import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import {
  dismissToast,
  getToasts,
  subscribeToToasts,
  TOAST_DURATION_MS,
  type ToastItem,
  type ToastKind,
} from '../../lib/toast.ts';

const kindStyles: Record<ToastKind, string> = {
  success: 'bg-success text-white',
  warning: 'bg-warning text-white',
  error: 'bg-danger text-white',
};

function ToastIcon({ kind }: { kind: ToastKind }) {
  const path =
    kind === 'success'
      ? 'M5 12.5l4.5 4.5L19 7.5'
      : kind === 'warning'
        ? 'M12 8v5m0 3.5v.5'
        : 'M8 8l8 8m0-8l-8 8';
  return (
    <svg viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" aria-hidden="true">
      <path d={path} stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [item.id]);

  return (
    <div
      role={item.kind === 'error' ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm animate-toast-in items-center gap-2.5 rounded-[10px] py-2.5 pr-2 pl-3.5 text-sm font-medium shadow-lg',
        kindStyles[item.kind],
      )}
    >
      <ToastIcon kind={item.kind} />
      <span className="flex-1">{item.message}</span>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="grid size-7 place-items-center rounded-md opacity-80 hover:opacity-100"
        aria-label={t('common.close')}
      >
        <svg viewBox="0 0 24 24" className="size-4" fill="none" aria-hidden="true">
          <path
            d="M7 7l10 10M17 7L7 17"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  );
}

/**
 * Top-centre stack of the current toasts; mounted once by the app shell. It starts below the
 * sticky header, so toasts never hide the logo or the search box.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  const stack = useRef<HTMLDivElement>(null);
  const shown = items.length > 0;
  useLayoutEffect(() => {
    const header = document.querySelector('[data-sticky-header]');
    if (shown && stack.current) {
      stack.current.style.top = `${Math.max(0, header?.getBoundingClientRect().bottom ?? 0) + 8}px`;
    }
  }, [shown]);
  return (
    <div
      ref={stack}
      data-testid="toasts"
      className="pointer-events-none fixed inset-x-0 top-2 z-[100] flex flex-col items-center gap-2 px-3"
    >
      {items.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
    </div>
  );
}
