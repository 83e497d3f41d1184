import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** SPEC §9: identical requests within 2 s are shared; a failed request is retried after 5 s. */
export const DEDUPE_MS = 2_000;
export const RETRY_DELAY_MS = 5_000;
export const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  // a 4xx answer will not change by asking again (except a rate limit or a timeout)
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEDUPE_MS,
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
