import type { CreditSummary, PageMeta } from '@bozor/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

/** The customer's credits: lists and single ones; a payment, a cancel or a return refreshes them. */
export const CREDITS_KEY = ['credits'] as const;

export function getCredits(page: number, perPage: number, signal?: AbortSignal) {
  return apiGet<{ data: CreditSummary[]; meta: PageMeta }>('/credits', {
    query: { page, per_page: perPage },
    signal,
  });
}

/** The customer's credits, newest first, `perPage` at a time (the status names in their language). */
export function useCredits(perPage = 10) {
  const signedIn = useIsSignedIn();
  return useInfiniteQuery({
    queryKey: [...CREDITS_KEY, 'list', perPage, getLanguage()],
    queryFn: ({ pageParam, signal }) => getCredits(pageParam, perPage, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    enabled: signedIn,
  });
}
