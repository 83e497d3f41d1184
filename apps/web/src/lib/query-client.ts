import {
  CancelledError,
  focusManager,
  type Query,
  QueryCache,
  QueryClient,
} from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { TOAST_DURATION_MS, toast } from './toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * SPEC §4, §8: a failed fetch of the catalogue shows the server's message as an error toast.
       * Fetches SPEC names silent (collections, a category's products, its brands, price range and
       * filters, search) leave it unset and keep the message for their own inline state.
       */
      errorToast?: boolean;
    };
  }
}

/**
 * SPEC §9: identical requests within 2 s are shared; a failed request is retried after 5 s; coming
 * back to the page refetches what is stale at most once per 5 s.
 */
export const DEDUPE_MS = 2_000;
export const RETRY_DELAY_MS = 5_000;
export const MAX_RETRIES = 2;
export const FOCUS_THROTTLE_MS = 5_000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  // a 4xx answer will not change by asking again (except a rate limit or a timeout)
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

const isAbort = (error: unknown) =>
  error instanceof CancelledError || (error instanceof DOMException && error.name === 'AbortError');

/**
 * The query cache's error handler, called once per failed fetch after its retries, so a request
 * that was retried toasts once; several lists failing alike at the same moment (the network is
 * down) toast their message once.
 */
export function toastQueryErrors(): (
  error: unknown,
  query: Query<unknown, unknown, unknown>,
) => void {
  let last = { message: '', at: 0 };
  return (error, query) => {
    if (!query.meta?.errorToast || isAbort(error) || !(error instanceof Error)) return;
    const now = Date.now();
    if (error.message === last.message && now - last.at < TOAST_DURATION_MS) return;
    last = { message: error.message, at: now };
    toast.error(error.message);
  };
}

/**
 * The page-visibility listener of TanStack Query's focus manager, throttled: the page coming back
 * into view is reported at most once per `throttleMs`, so flicking between tabs does not refetch
 * the catalogue each time. Leaving the page is always reported.
 */
export function throttledFocusListener(throttleMs = FOCUS_THROTTLE_MS) {
  return (handleFocus: (focused?: boolean) => void) => {
    let lastReported = Number.NEGATIVE_INFINITY;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') {
        const now = Date.now();
        if (now - lastReported < throttleMs) return;
        lastReported = now;
      }
      handleFocus();
    };
    window.addEventListener('visibilitychange', onVisibilityChange, false);
    return () => window.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

export function createQueryClient(): QueryClient {
  focusManager.setEventListener(throttledFocusListener());
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastQueryErrors() }),
    defaultOptions: {
      queries: {
        staleTime: DEDUPE_MS,
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}
